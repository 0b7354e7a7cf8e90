import { expect, test } from "@playwright/test";
import { newsArticles } from "@/content/news";
import { expectNoAxeViolations } from "../support/e2e/axe";
import { setLocaleCookie } from "../support/e2e/locale";
import { messagesFor } from "../support/e2e/messages";
import { e2eHelpLine } from "../support/e2e/public-site";

const specSlugs = [
  "news-bystanders",
  "news-genital-response",
  "news-word-threats",
  "news-victim-blaming",
  "news-vulnerable",
  "news-reveal-home",
];

for (const locale of ["nl", "en"] as const) {
  const t = messagesFor(locale).news;

  test.describe(`news in ${locale}`, () => {
    test.beforeEach(async ({ context, baseURL }) => {
      await setLocaleCookie(context, baseURL!, locale);
    });

    test("the overview shows six cards with image, title, description and read more", async ({
      page,
    }) => {
      await page.goto("/news");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.title);
      await expect(page.getByText(t.intro)).toBeVisible();
      const cards = page.getByRole("main").getByRole("article");
      await expect(cards).toHaveCount(6);
      for (const [i, article] of newsArticles.entries()) {
        const card = cards.nth(i);
        await expect(card.getByRole("heading", { level: 2 })).toHaveText(article.title);
        await expect(card.getByText(article.description)).toBeVisible();
        await expect(card.getByRole("img", { name: article.image.alt })).toBeVisible();
        const link = card.getByRole("link", { name: new RegExp(`^${t.readMore}`) });
        await expect(link).toHaveAttribute("href", `/news/${specSlugs[i]}`);
      }
      await expect(page).toHaveTitle(new RegExp(`^${t.metaTitle} · `));
      await expectNoAxeViolations(page);
    });

    test("read more opens the article with its download button, body and help", async ({
      page,
    }) => {
      await page.goto("/news");
      await page
        .getByRole("link", { name: new RegExp(`^${t.readMore}`) })
        .nth(3)
        .click();
      await expect(page).toHaveURL(/\/news\/news-victim-blaming$/);
      const article = newsArticles[3];
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(article.title);
      await expect(page.getByRole("article")).toHaveAttribute("lang", "nl");
      await expect(page.getByRole("img", { name: article.image.alt })).toBeVisible();
      const download = page.getByRole("link", { name: `${t.downloadStudy} (${t.pdf})` });
      await expect(download).toHaveAttribute("href", `/research_pdfs/${article.pdf}`);
      const body = page.getByRole("article");
      const headings = article.blocks.flatMap((b) => (b.type === "heading" ? [b.text] : []));
      await expect(body.getByRole("heading", { level: 2 })).toHaveText(headings);
      const lists = article.blocks.flatMap((b) => (b.type === "list" ? [b.items] : []));
      await expect(body.getByRole("list")).toHaveCount(lists.length);
      await expect(body.getByRole("list").first().getByRole("listitem")).toHaveText(lists[0]);
      const help = page.getByRole("complementary", { name: t.help.title });
      await expect(help.getByRole("link", { name: new RegExp(e2eHelpLine.phone) })).toHaveAttribute(
        "href",
        e2eHelpLine.phoneHref,
      );
      // Open Graph tags are read by crawlers from a direct load; after a client-side navigation the
      // head can briefly hold the previous page's tags as well.
      await page.reload();
      await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
        "content",
        article.title,
      );
      await expectNoAxeViolations(page);
      await page.getByRole("link", { name: t.backToNews }).click();
      await expect(page).toHaveURL(/\/news$/);
    });
  });
}

test("every article renders and its study PDF answers 200 with application/pdf", async ({
  page,
  request,
}) => {
  for (const slug of specSlugs) {
    const response = await page.goto(`/news/${slug}`);
    expect(response?.status(), slug).toBe(200);
    const href = await page
      .getByRole("link", { name: /^Download het onderzoek/ })
      .getAttribute("href");
    expect(href, slug).toMatch(/^\/research_pdfs\/[a-z0-9-]+\.pdf$/);
    const pdf = await request.get(href!);
    expect(pdf.status(), href!).toBe(200);
    expect(pdf.headers()["content-type"], href!).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString("latin1"), href!).toBe("%PDF-");
    await expectNoAxeViolations(page);
  }
});

test("an unknown article goes to the home page", async ({ page }) => {
  await page.goto("/news/news-does-not-exist");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Welkom bij het onderzoekspanel",
  );
});
