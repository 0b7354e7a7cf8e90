import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { MyAnswers } from "@/components/survey/my-answers";
import type { Locale } from "@/lib/i18n/locales";

export async function generateMetadata({ params }: PageProps<"/[locale]/my-answers">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: locale as Locale, namespace: "survey.myAnswers" });
  return { title: t("metaTitle"), robots: { index: false, follow: false } };
}

export default async function MyAnswersPage({ params }: PageProps<"/[locale]/my-answers">) {
  setRequestLocale((await params).locale as Locale);
  const t = await getTranslations("survey.myAnswers");
  return (
    <section className="mx-auto max-w-2xl space-y-6 py-4">
      <h1 id="my-answers-title" tabIndex={-1} className="text-3xl font-bold tracking-tight text-primary-800">
        {t("title")}
      </h1>
      <p className="text-ink">{t("intro")}</p>
      <MyAnswers />
    </section>
  );
}
