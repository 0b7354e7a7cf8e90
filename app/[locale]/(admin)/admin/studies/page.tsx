import { StudiesView } from "@/components/admin/studies/studies-view";
import { pageLocale } from "@/lib/i18n/page-locale";
import { metadataFor } from "@/lib/seo/metadata-for";

export const generateMetadata = metadataFor("admin.studies", { titleKey: "title" });

/**
 * The studies screen. The page itself loads nothing: the client screen asks the staff-only API,
 * so no study data is rendered into the HTML before the session is checked per call.
 */
export default async function AdminStudiesPage({ params }: PageProps<"/[locale]/admin/studies">) {
  await pageLocale(params);
  return <StudiesView />;
}
