import { describe, expect, it } from "vitest";
import fc from "fast-check";
import RenderResult from "next/dist/server/render-result.js";
// Both copies patch-package changes (patches/next+16.4.6.patch): the build bundles the ES module
// one into the pages' server chunks; the CommonJS one is what Next.js's own server requires.
import * as cjs from "next/dist/server/send-payload.js";

type SendModule = { sendRenderResult: (o: Record<string, unknown>) => Promise<void> };

// Next.js ships no types for its ES module copy; it has the CommonJS copy's exports.
const esm = (await import(
  /* @vite-ignore */ "next/dist/esm/server/send-payload.js" as string
)) as SendModule;

/** What a page answer wrote: its headers and the one body `end` got. */
async function send(m: SendModule, html: string, method = "GET") {
  const headers = new Map<string, unknown>();
  let ended: unknown = "(not ended)";
  const res = {
    finished: false,
    headersSent: false,
    statusCode: 200,
    getHeader: (k: string) => headers.get(k.toLowerCase()),
    setHeader: (k: string, v: unknown) => headers.set(k.toLowerCase(), v),
    end: (body: unknown) => {
      ended = body;
    },
  };
  await m.sendRenderResult({
    req: { method, headers: {} },
    res,
    result: RenderResult.fromStatic(html, "text/html; charset=utf-8"),
    generateEtags: true,
    poweredByHeader: false,
  });
  return { headers, body: ended };
}

describe.each([
  ["ES module", esm],
  ["CommonJS", cjs as unknown as SendModule],
])("Next.js's page answer (%s copy, patched)", (_name, m) => {
  it("sends a page's UTF-8 bytes, encoded once: the same page again gets the same bytes", async () => {
    // A typographic quote makes the whole page a two-byte string, which Node would transcode
    // on every write.
    const page = `<!DOCTYPE html>${"<p>Onderzoek naar seksueel geweld’s</p>".repeat(600)}${Math.random()}`;
    const first = await send(m, page);
    expect(Buffer.isBuffer(first.body)).toBe(true);
    expect((first.body as Buffer).equals(Buffer.from(page, "utf8"))).toBe(true);
    expect(first.headers.get("content-length")).toBe(Buffer.byteLength(page));
    const again = await send(m, page);
    expect(again.body).toBe(first.body);
  });

  it("keeps a page in use while one-off payloads come and go", async () => {
    const page = `<p>veelgelezen – ${Math.random()}</p>`;
    const kept = (await send(m, page)).body;
    for (let i = 0; i < 63; i++) await send(m, `<p>eenmalig ${i} – ${Math.random()}</p>`);
    expect((await send(m, page)).body).toBe(kept);
    // Full now: the next one-off payload drops the one sent longest ago, not the page sent again.
    await send(m, `<p>nog een – ${Math.random()}</p>`);
    expect((await send(m, page)).body).toBe(kept);
  });

  it("answers every page with its own bytes and length, kept or dropped", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.string({ unit: "grapheme", maxLength: 30 }), { maxLength: 150 }),
        async (pages) => {
          for (const page of pages) {
            const { headers, body } = await send(m, page);
            if (page === "") {
              expect(body).toBe("");
              continue;
            }
            expect(Buffer.from(body as Buffer).toString("utf8")).toBe(page);
            expect(headers.get("content-length")).toBe(Buffer.byteLength(page));
          }
        },
      ),
    );
  });

  it("answers HEAD with the length and no body", async () => {
    const { headers, body } = await send(m, "<p>één – twee</p>", "HEAD");
    expect(body).toBe(null);
    expect(headers.get("content-length")).toBe(Buffer.byteLength("<p>één – twee</p>"));
  });
});
