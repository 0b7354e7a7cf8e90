/** A piece of an article's body, rendered in order. */
export type NewsBlock =
  | { type: "heading"; text: string }
  | { type: "paragraph"; text: string }
  | { type: "list"; items: string[] };

/**
 * One news article. The articles exist in Dutch only and are kept as plain data so the centre can
 * change a text without touching a component.
 */
export type NewsArticle = {
  /** The last part of the address: /news/{slug}. */
  slug: string;
  title: string;
  /** One or two sentences, shown on the news overview and used as the page description. */
  description: string;
  /** A file in public/images/news/, 800 × 450, with a text alternative describing it. */
  image: { file: string; alt: string };
  /** A file in public/research_pdfs/, offered as the download of the study. */
  pdf: string;
  blocks: NewsBlock[];
};
