import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { SurveyRunner } from "@/components/survey/survey-runner";
import type { Locale } from "@/lib/i18n/locales";

// Rendered per request, never cached per address: a cached page per requested uuid would let
// anyone fill the server's disk by asking for made-up ones. The page holds no survey data (the
// runner fetches it in the browser), so rendering it is cheap and reads no database.
export const dynamic = "force-dynamic";

export async function generateMetadata({
  params,
}: PageProps<"/[locale]/survey/[surveyUuid]">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: locale as Locale, namespace: "survey" });
  return { title: t("metaTitle"), robots: { index: false, follow: false } };
}

export default async function SurveyPage({ params }: PageProps<"/[locale]/survey/[surveyUuid]">) {
  const { locale, surveyUuid } = await params;
  setRequestLocale(locale as Locale);
  return <SurveyRunner surveyUuid={surveyUuid} />;
}
