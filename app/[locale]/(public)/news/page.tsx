import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { newsArticles } from "@/content/news";
import { NewsCard } from "@/components/public/news-card";
import type { Locale } from "@/lib/i18n/locales";
import { publicPageMetadata } from "@/lib/seo/page-metadata";

export async function generateMetadata({ params }: PageProps<"/[locale]/news">): Promise<Metadata> {
  const locale = (await params).locale as Locale;
  const t = await getTranslations({ locale, namespace: "news" });
  return publicPageMetadata({
    locale,
    path: "/news",
    title: t("metaTitle"),
    description: t("metaDescription"),
  });
}

export default async function NewsPage({ params }: PageProps<"/[locale]/news">) {
  setRequestLocale((await params).locale as Locale);
  const t = await getTranslations("news");
  return (
    <section>
      <h1 className="text-3xl font-bold tracking-tight text-primary-800 sm:text-4xl">{t("title")}</h1>
      <p className="mt-4 max-w-2xl text-lg leading-relaxed">{t("intro")}</p>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {newsArticles.map((article) => (
          <li key={article.slug} className="flex">
            <NewsCard article={article} readMore={t("readMore")} headingId={`news-${article.slug}`} />
          </li>
        ))}
      </ul>
    </section>
  );
}
