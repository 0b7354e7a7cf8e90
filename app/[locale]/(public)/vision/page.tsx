import { getTranslations } from "next-intl/server";
import { pageLocale } from "@/lib/i18n/page-locale";
import { metadataFor } from "@/lib/seo/metadata-for";
import { PageIllustration } from "@/components/public/page-illustration";

export const generateMetadata = metadataFor("vision", { path: "/vision" });

const paragraphs = ["first", "second", "third"] as const;
const reasons = ["help", "prevent"] as const;

export default async function VisionPage({ params }: PageProps<"/[locale]/vision">) {
  await pageLocale(params);
  const t = await getTranslations("vision");
  return (
    <article className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-bold tracking-tight text-primary-800 sm:text-4xl">
        {t("title")}
      </h1>
      <PageIllustration name="vision" alt={t("imageAlt")} />
      <div className="mt-8 text-lg leading-relaxed">
        {paragraphs.map((key) => (
          <p key={key} className="mb-5">
            {t(`paragraphs.${key}`)}
          </p>
        ))}
      </div>
      <section aria-labelledby="vision-reasons" className="mt-10">
        <h2 id="vision-reasons" className="text-2xl font-semibold text-primary-800">
          {t("reasonsTitle")}
        </h2>
        <ol className="mt-5 grid gap-4 sm:grid-cols-2">
          {reasons.map((key) => (
            <li key={key} className="rounded-lg border border-primary-100 bg-primary-50 p-5">
              <h3 className="text-lg font-semibold text-primary-800">
                {t(`reasons.${key}.title`)}
              </h3>
              <p className="mt-2 leading-relaxed">{t(`reasons.${key}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}
