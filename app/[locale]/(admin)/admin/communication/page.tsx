import { getTranslations } from "next-intl/server";
import { CommunicationAdmin } from "@/components/admin/communication/communication-admin";
import { pageLocale } from "@/lib/i18n/page-locale";
import { metadataFor } from "@/lib/seo/metadata-for";

export const generateMetadata = metadataFor("admin.communication", { titleKey: "title" });

export default async function AdminCommunicationPage({
  params,
}: PageProps<"/[locale]/admin/communication">) {
  await pageLocale(params);
  const t = await getTranslations("admin.communication");
  return <CommunicationAdmin title={t("title")} />;
}
