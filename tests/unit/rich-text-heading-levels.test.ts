import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { headingsFrom } from "@/lib/rich-text/heading-levels.shared";
import { sanitizeRichText } from "@/lib/rich-text/sanitize";

describe("headingsFrom", () => {
  it("moves h2 and h3 down to start at the level given, and stops at h6", () => {
    expect(headingsFrom('<h2 class="x">A</h2><p>b</p><h3>C</h3>', 4)).toBe(
      '<h4 class="x">A</h4><p>b</p><h5>C</h5>',
    );
    expect(headingsFrom("<h3>C</h3>", 6)).toBe("<h6>C</h6>");
    expect(headingsFrom("<h2>A</h2>", 2)).toBe("<h2>A</h2>");
    // An h1 would otherwise land at the card's own level.
    expect(headingsFrom("<h1>A</h1><h2>B</h2>", 4)).toBe("<h4>A</h4><h4>B</h4>");
  });

  it("changes nothing but heading tags: not text, not attribute values, not other tags", () => {
    const html = sanitizeRichText(
      '<p>&lt;h2&gt; stays</p><p><a href="/x" title="<h2 x>">h2</a></p><hr><header>h</header>',
    );
    expect(headingsFrom(html, 4)).toBe(html);
  });

  it("keeps every sanitised text the same but for the heading levels (property)", () => {
    const piece = fc.oneof(
      fc.constantFrom(
        "<h1>",
        "</h1>",
        "<h2>",
        "</h2>",
        "<h3>",
        "</h3>",
        "<p>",
        "</p>",
        "<strong>",
        "</strong>",
      ),
      fc.string({ maxLength: 8 }),
      fc.constantFrom('<a href="/a" title="<h2 a>">', "</a>", "<", ">", '"', "'"),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 20 }), (pieces) => {
        const html = sanitizeRichText(pieces.join(""));
        const moved = headingsFrom(html, 4);
        expect(moved.replace(/<(\/?)h[4-5]\b/g, "<$1hN")).toBe(
          html.replace(/<(\/?)h[1-3]\b/g, "<$1hN"),
        );
        expect(/<\/?h[123]\b/.test(moved)).toBe(false);
      }),
    );
  });
});
