import { SurveyRunner } from "@/components/survey/survey-runner";
import { pageLocale } from "@/lib/i18n/page-locale";
import { metadataFor } from "@/lib/seo/metadata-for";

// Rendered per request, never cached per address: a cached page per requested uuid would let
// anyone fill the server's disk by asking for made-up ones. The page holds no survey data (the
// runner fetches it in the browser), so rendering it is cheap and reads no database.
export const dynamic = "force-dynamic";

export const generateMetadata = metadataFor("survey");

export default async function SurveyPage({
  params,
  searchParams,
}: PageProps<"/[locale]/survey/[surveyUuid]">) {
  await pageLocale(params);
  const { surveyUuid } = await params;
  const { preview } = await searchParams;
  return <SurveyRunner surveyUuid={surveyUuid} preview={preview === "1"} />;
}
