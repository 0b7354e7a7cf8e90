/**
 * Every news article's address, as its file's `slug` says (tests/unit/news-content.test.ts keeps
 * them in step). Relative imports only: next.config.ts reads it to send any other `/news/<slug>`
 * home before a page renders it, so an unknown one leaves no cached page behind.
 */
export const NEWS_SLUGS = [
  "news-bystanders",
  "news-genital-response",
  "news-word-threats",
  "news-victim-blaming",
  "news-vulnerable",
  "news-reveal-home",
] as const;
