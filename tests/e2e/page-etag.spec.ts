import { expect, test } from "@playwright/test";

// A returning visitor's browser asks again with the page's ETag and gets 304 without the page.
// The tag of a prerendered page is kept between requests (patches/next+16.4.6.patch); it has to
// stay the tag of what is sent.
test("a prerendered page keeps its ETag and answers 304 to it", async ({ request }) => {
  for (const path of ["/", "/news"]) {
    const first = await request.get(path);
    expect(first.status()).toBe(200);
    const etag = first.headers()["etag"];
    expect(etag).toMatch(/^"[0-9a-z]+"$/);
    const second = await request.get(path);
    expect(second.headers()["etag"]).toBe(etag);
    expect(await second.text()).toBe(await first.text());

    const revalidated = await request.get(path, { headers: { "if-none-match": etag } });
    expect(revalidated.status()).toBe(304);
    expect(await revalidated.text()).toBe("");

    const changed = await request.get(path, { headers: { "if-none-match": '"stale"' } });
    expect(changed.status()).toBe(200);
  }
});
