import { LinkActionPage } from "@/components/public/link-action-page";
import { pageLocale } from "@/lib/i18n/page-locale";
import { metadataFor } from "@/lib/seo/metadata-for";

export const generateMetadata = metadataFor("panel.stop");

export default async function StopParticipationPage({
  params,
}: PageProps<"/[locale]/stop-participation">) {
  await pageLocale(params);
  return <LinkActionPage action="stop" />;
}
