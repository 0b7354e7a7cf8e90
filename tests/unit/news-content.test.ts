import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findNewsArticle, newsArticles, newsImagePath, newsPdfPath } from "@/content/news";
import { NEWS_SLUGS } from "@/content/news/slugs.shared";

const publicDir = path.resolve(__dirname, "../../public");

// The spec fixes these addresses and their order on the news page.
const specSlugs = [
  "news-bystanders",
  "news-genital-response",
  "news-word-threats",
  "news-victim-blaming",
  "news-vulnerable",
  "news-reveal-home",
];

/** Checks that the cross-reference table points at each object it lists, as a PDF reader needs. */
function xrefProblems(pdf: Buffer): string[] {
  const text = pdf.toString("latin1");
  const problems: string[] = [];
  const startxref = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(text);
  if (!startxref) return ["no startxref/%%EOF at the end"];
  const xrefAt = Number(startxref[1]);
  if (!text.startsWith("xref", xrefAt))
    return [`startxref ${xrefAt} does not point at the xref table`];
  const table = /^xref\s+0 (\d+)\s+/.exec(text.slice(xrefAt));
  if (!table) return ["unreadable xref header"];
  const count = Number(table[1]);
  const entries = text
    .slice(xrefAt + table[0].length)
    .split("\n")
    .slice(0, count);
  entries.forEach((entry, n) => {
    const m = /^(\d{10}) (\d{5}) ([nf])/.exec(entry);
    if (!m) problems.push(`xref entry ${n} malformed`);
    else if (m[3] === "n" && !text.startsWith(`${n} 0 obj`, Number(m[1])))
      problems.push(`object ${n} is not at offset ${Number(m[1])}`);
  });
  if (!/\/Root \d+ 0 R/.test(text)) problems.push("trailer without /Root");
  for (const stream of text.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
    const start = stream.index! + stream[0].length;
    if (!text.startsWith("\nendstream", start + Number(stream[1])))
      problems.push("a stream's /Length does not match its content");
  }
  return problems;
}

describe("news articles", () => {
  it("are exactly the six articles, in their order, each findable by slug", () => {
    expect(newsArticles.map((a) => a.slug)).toEqual(specSlugs);
    // next.config.ts sends every other /news/<slug> home from this list.
    expect([...NEWS_SLUGS]).toEqual(specSlugs);
    for (const slug of specSlugs) expect(findNewsArticle(slug)?.slug).toBe(slug);
    expect(findNewsArticle("news-unknown")).toBeUndefined();
  });

  it("each have a title, description, image with alt text and a body of headings, paragraphs and lists", () => {
    for (const article of newsArticles) {
      expect(article.title.trim(), article.slug).not.toBe("");
      expect(article.description.trim(), article.slug).not.toBe("");
      expect(article.image.alt.trim().length, article.slug).toBeGreaterThan(10);
      const types = new Set(article.blocks.map((b) => b.type));
      expect([...types].sort(), article.slug).toEqual(["heading", "list", "paragraph"]);
      for (const block of article.blocks) {
        const texts = block.type === "list" ? block.items : [block.text];
        expect(texts.length, article.slug).toBeGreaterThan(0);
        for (const t of texts) expect(t.trim(), article.slug).not.toBe("");
      }
    }
  });

  it("do not share images or PDFs, and name plain files", () => {
    const images = newsArticles.map((a) => a.image.file);
    const pdfs = newsArticles.map((a) => a.pdf);
    expect(new Set(images).size).toBe(6);
    expect(new Set(pdfs).size).toBe(6);
    for (const file of [...images, ...pdfs])
      expect(file).toMatch(/^[a-z0-9-]+\.(svg|png|jpg|webp|pdf)$/);
  });

  it("point at images that exist and are SVG or raster images", () => {
    for (const article of newsArticles) {
      const file = path.join(publicDir, newsImagePath(article));
      expect(existsSync(file), file).toBe(true);
      const head = readFileSync(file).subarray(0, 200).toString("latin1");
      if (file.endsWith(".svg")) expect(head).toMatch(/^<svg [^>]*viewBox="0 0 800 450"/);
    }
  });

  it("point at real PDF files in public/research_pdfs", () => {
    for (const article of newsArticles) {
      expect(newsPdfPath(article)).toBe(`/research_pdfs/${article.pdf}`);
      const file = path.join(publicDir, newsPdfPath(article));
      expect(existsSync(file), file).toBe(true);
      const pdf = readFileSync(file);
      expect(pdf.subarray(0, 5).toString("latin1"), file).toBe("%PDF-");
      expect(xrefProblems(pdf), file).toEqual([]);
    }
  });
});
