import { getTranslations } from "next-intl/server";
import { newsArticles } from "@/content/news";
import { NewsCard } from "@/components/public/news-card";
import { pageLocale } from "@/lib/i18n/page-locale";
import { metadataFor } from "@/lib/seo/metadata-for";

export const generateMetadata = metadataFor("news", { path: "/news" });

export default async function NewsPage({ params }: PageProps<"/[locale]/news">) {
  await pageLocale(params);
  const t = await getTranslations("news");
  return (
    <section>
      <h1 className="text-3xl font-bold tracking-tight text-primary-800 sm:text-4xl">
        {t("title")}
      </h1>
      <p className="mt-4 max-w-2xl text-lg leading-relaxed">{t("intro")}</p>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {newsArticles.map((article) => (
          <li key={article.slug} className="flex">
            <NewsCard
              article={article}
              readMore={t("readMore")}
              headingId={`news-${article.slug}`}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
