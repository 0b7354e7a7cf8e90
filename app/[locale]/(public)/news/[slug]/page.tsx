import type { Metadata } from "next";
import Image from "next/image";
import { redirect } from "next/navigation";
import { FileDown } from "lucide-react";
import { getTranslations } from "next-intl/server";
import {
  findNewsArticle,
  NEWS_IMAGE_SIZE,
  newsArticles,
  newsImagePath,
  newsPdfPath,
} from "@/content/news";
import { NewsArticleBody } from "@/components/public/news-article-body";
import { HelpWidgetContacts, hasHelpContacts } from "@/components/public/help-widget-contacts";
import { BackLink } from "@/components/ui/back-link";
import { TitledSection } from "@/components/ui/titled-section";
import { getPublicSiteConfig } from "@/config/public-site";
import { pageLocale } from "@/lib/i18n/page-locale";
import { publicPageMetadata } from "@/lib/seo/page-metadata";

export function generateStaticParams() {
  return newsArticles.map((article) => ({ slug: article.slug }));
}

/**
 * Only the articles: next.config.ts sends any other slug home before it gets here; one that
 * passes there in other capitals is a 404 rather than a page rendered and cached per address.
 */
export const dynamicParams = false;

export async function generateMetadata({
  params,
}: PageProps<"/[locale]/news/[slug]">): Promise<Metadata> {
  const locale = await pageLocale(params);
  const article = findNewsArticle((await params).slug);
  if (!article) return {};
  return publicPageMetadata({
    locale,
    path: `/news/${article.slug}`,
    title: article.title,
    description: article.description,
    type: "article",
    contentLocale: "nl",
  });
}

export default async function NewsArticlePage({ params }: PageProps<"/[locale]/news/[slug]">) {
  const locale = await pageLocale(params);
  const article = findNewsArticle((await params).slug);
  // An unknown article goes to the home page, like any other path without a page.
  if (!article) redirect("/");
  const t = await getTranslations("news");
  const helpT = await getTranslations("help");
  const { help } = getPublicSiteConfig();
  return (
    <div className="mx-auto max-w-3xl">
      <BackLink
        href="/news"
        className="inline-flex items-center gap-1 rounded font-semibold text-primary-700 underline underline-offset-4 hover:text-primary-800"
      >
        {t("backToNews")}
      </BackLink>
      {/* The articles exist in Dutch only; the page around them follows the chosen language. */}
      <article lang="nl" className="mt-6">
        <h1 className="text-3xl font-bold tracking-tight text-primary-800 sm:text-4xl">
          {article.title}
        </h1>
        <p className="mt-4 text-xl leading-relaxed text-muted">{article.description}</p>
        <Image
          src={newsImagePath(article)}
          alt={article.image.alt}
          width={NEWS_IMAGE_SIZE.width}
          height={NEWS_IMAGE_SIZE.height}
          priority
          unoptimized
          className="mt-6 h-auto w-full rounded-lg"
        />
        <p lang={locale} className="mt-6">
          <a href={newsPdfPath(article)} download className="btn-primary" type="application/pdf">
            <FileDown aria-hidden className="size-5" />
            {t("downloadStudy")} <span className="font-normal">({t("pdf")})</span>
          </a>
        </p>
        <div className="mt-8">
          <NewsArticleBody blocks={article.blocks} />
        </div>
      </article>
      {hasHelpContacts(help) && (
        <TitledSection
          as="aside"
          titleId="news-help"
          title={t("help.title")}
          className="mt-10 rounded-lg border border-primary-100 bg-primary-50 p-5"
        >
          <p className="mt-2 mb-4 leading-relaxed">{t("help.text")}</p>
          <HelpWidgetContacts
            help={help}
            labels={{ phone: helpT("phone"), chat: helpT("chat"), website: helpT("website") }}
          />
        </TitledSection>
      )}
    </div>
  );
}
