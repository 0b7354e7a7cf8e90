import { article as bystanders } from "./news-bystanders";
import { article as genitalResponse } from "./news-genital-response";
import { article as revealHome } from "./news-reveal-home";
import { article as victimBlaming } from "./news-victim-blaming";
import { article as vulnerable } from "./news-vulnerable";
import { article as wordThreats } from "./news-word-threats";
import type { NewsArticle } from "./types";

export type { NewsArticle, NewsBlock } from "./types";

/** The articles in the order the news page shows them. */
export const newsArticles: readonly NewsArticle[] = [
  bystanders,
  genitalResponse,
  wordThreats,
  victimBlaming,
  vulnerable,
  revealHome,
];

export function findNewsArticle(slug: string): NewsArticle | undefined {
  return newsArticles.find((a) => a.slug === slug);
}

export const newsImagePath = (article: NewsArticle) => `/images/news/${article.image.file}`;
export const newsPdfPath = (article: NewsArticle) => `/research_pdfs/${article.pdf}`;

/** Every news image is drawn on this canvas, so the page reserves its space before it loads. */
export const NEWS_IMAGE_SIZE = { width: 800, height: 450 } as const;
