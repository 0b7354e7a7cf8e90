import { PanelMembersAdmin } from "@/components/admin/panel/panel-members-admin";
import { pageLocale } from "@/lib/i18n/page-locale";
import { metadataFor } from "@/lib/seo/metadata-for";

export const generateMetadata = metadataFor("panel.admin");

export default async function PanelMembersPage({ params }: PageProps<"/[locale]/admin/panel">) {
  await pageLocale(params);
  return <PanelMembersAdmin />;
}
