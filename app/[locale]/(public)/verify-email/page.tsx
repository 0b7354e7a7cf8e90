import { LinkActionPage } from "@/components/public/link-action-page";
import { pageLocale } from "@/lib/i18n/page-locale";
import { metadataFor } from "@/lib/seo/metadata-for";

export const generateMetadata = metadataFor("panel.verify");

export default async function VerifyEmailPage({ params }: PageProps<"/[locale]/verify-email">) {
  await pageLocale(params);
  return <LinkActionPage action="verify" />;
}
