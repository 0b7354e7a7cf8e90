import { getTranslations } from "next-intl/server";
import { PlaceholderPage } from "@/components/admin/placeholder-page";
import { pageLocale } from "@/lib/i18n/page-locale";
import { metadataFor } from "@/lib/seo/metadata-for";

export const generateMetadata = metadataFor("admin.studies", { titleKey: "title" });

export default async function AdminStudiesPage({ params }: PageProps<"/[locale]/admin/studies">) {
  await pageLocale(params);
  const t = await getTranslations("admin.studies");
  return <PlaceholderPage title={t("title")} text={t("empty")} />;
}
