import { getTranslations } from "next-intl/server";
import { pageLocale } from "@/lib/i18n/page-locale";
import { metadataFor } from "@/lib/seo/metadata-for";
import { PageIllustration } from "@/components/public/page-illustration";

export const generateMetadata = metadataFor("privacy", { path: "/privacy" });

const panelItems = ["email", "unconfirmed", "locale", "checks", "use"] as const;
const surveyItems = ["encrypted", "date", "token"] as const;
const neverItems = ["network", "time", "link"] as const;
const texts = ["site", "leaving", "safety"] as const;

export default async function PrivacyPage({ params }: PageProps<"/[locale]/privacy">) {
  await pageLocale(params);
  const t = await getTranslations("privacy");
  const lists = [
    { id: "panel", title: t("panel.title"), items: panelItems.map((k) => t(`panel.items.${k}`)) },
    {
      id: "survey",
      title: t("survey.title"),
      items: surveyItems.map((k) => t(`survey.items.${k}`)),
    },
    { id: "never", title: t("never.title"), items: neverItems.map((k) => t(`never.items.${k}`)) },
  ];
  return (
    <article className="mx-auto max-w-3xl">
      {/* The texts are kept as written, in lower case; only their display starts with a capital. */}
      <h1 className="text-3xl font-bold tracking-tight text-primary-800 first-letter:uppercase sm:text-4xl">
        {t("title")}
      </h1>
      <p className="mt-6 text-lg first-letter:uppercase">{t("placeholder")}</p>
      <PageIllustration name="privacy" alt={t("imageAlt")} />
      <section aria-labelledby="privacy-summary" className="mt-10">
        <h2 id="privacy-summary" className="text-2xl font-semibold text-primary-800">
          {t("summary.title")}
        </h2>
        <p className="mt-3 leading-relaxed">{t("summary.intro")}</p>
        {lists.map((list) => (
          <section key={list.id} aria-labelledby={`privacy-${list.id}`} className="mt-8">
            <h3 id={`privacy-${list.id}`} className="text-lg font-semibold">
              {list.title}
            </h3>
            <ul className="mt-3 list-disc space-y-2 pl-6 leading-relaxed">
              {list.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </section>
        ))}
        {texts.map((key) => (
          <section key={key} aria-labelledby={`privacy-${key}`} className="mt-8">
            <h3 id={`privacy-${key}`} className="text-lg font-semibold">
              {t(`${key}.title`)}
            </h3>
            <p className="mt-3 leading-relaxed">{t(`${key}.text`)}</p>
          </section>
        ))}
      </section>
    </article>
  );
}
