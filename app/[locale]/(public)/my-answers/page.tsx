import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/public/client-messages";
import { MyAnswers } from "@/components/survey/my-answers";
import { pageLocale } from "@/lib/i18n/page-locale";
import { metadataFor } from "@/lib/seo/metadata-for";

export const generateMetadata = metadataFor("survey.myAnswers");

export default async function MyAnswersPage({ params }: PageProps<"/[locale]/my-answers">) {
  await pageLocale(params);
  const t = await getTranslations("survey.myAnswers");
  return (
    <section className="mx-auto max-w-2xl space-y-6 py-4">
      <h1
        id="my-answers-title"
        tabIndex={-1}
        className="text-3xl font-bold tracking-tight text-primary-800"
      >
        {t("title")}
      </h1>
      <p className="text-ink">{t("intro")}</p>
      <ClientMessages namespaces={["survey"]}>
        <MyAnswers />
      </ClientMessages>
    </section>
  );
}
