import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { SurveyRunner } from "@/components/survey/survey-runner";
import type { Locale } from "@/lib/i18n/locales";

// Nothing is prerendered at build time (no database then); each survey's page is rendered once
// on first request and served statically from then on. It holds no survey data: the runner
// fetches that in the browser, so the page stays the same whatever the study's status.
export function generateStaticParams() {
  return [];
}

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
