import { describe, expect, it } from "vitest";
import { IMAGE_TYPES, LINK_PROTOCOLS, RICH_TEXT_TAGS } from "@/lib/rich-text/allow-list.shared";
import {
  isAllowedImageSource,
  sanitizeClass,
  sanitizeRichText,
  sanitizeStyle,
} from "@/lib/rich-text/sanitize";

describe("sanitizeRichText: what the editor produces survives", () => {
  it("keeps every allowed tag with its text", () => {
    const html = RICH_TEXT_TAGS.filter((t) => t !== "br" && t !== "img")
      .map((t) => `<${t}>${t} text</${t}>`)
      .join("");
    const out = sanitizeRichText(html);
    for (const tag of RICH_TEXT_TAGS.filter((t) => t !== "br" && t !== "img")) {
      expect(out).toContain(`<${tag}>${tag} text</${tag}>`);
    }
    expect(sanitizeRichText("<p>a<br>b</p>")).toBe("<p>a<br>b</p>");
  });

  it("keeps links with the allowed schemes and relative links", () => {
    for (const href of [
      "https://example.org/a?b=1",
      "http://example.org",
      "mailto:info@example.org",
      "tel:+31201234567",
      "sms:+31612345678",
      "/research",
      "#section",
    ]) {
      expect(sanitizeRichText(`<a href="${href}">x</a>`)).toBe(`<a href="${href}">x</a>`);
    }
  });

  it("keeps images from this site and inline PNG and JPEG images, with their alt text", () => {
    expect(sanitizeRichText('<img src="/api/editor_image/abc" alt="A chart">')).toBe(
      '<img src="/api/editor_image/abc" alt="A chart">',
    );
    expect(IMAGE_TYPES).toEqual(["png", "jpeg"]);
    for (const type of IMAGE_TYPES) {
      const src = `data:image/${type};base64,iVBORw0KGgo=`;
      expect(sanitizeRichText(`<img src="${src}" alt="">`)).toBe(`<img src="${src}" alt="">`);
    }
  });

  it("keeps exactly the link schemes of the allow-list", () => {
    expect(LINK_PROTOCOLS).toEqual(["http", "https", "mailto", "tel", "sms"]);
    for (const protocol of LINK_PROTOCOLS) {
      const href = `${protocol}:example`;
      expect(sanitizeRichText(`<a href="${href}">x</a>`), href).toBe(`<a href="${href}">x</a>`);
    }
  });

  it("keeps class and harmless style declarations", () => {
    expect(sanitizeRichText('<pre><code class="language-ts">x</code></pre>')).toBe(
      '<pre><code class="language-ts">x</code></pre>',
    );
    expect(sanitizeRichText('<p style="text-align: center; color: rgb(0, 0, 0)">x</p>')).toBe(
      '<p style="text-align: center; color: rgb(0, 0, 0)">x</p>',
    );
  });

  it("returns an empty string for empty input", () => {
    expect(sanitizeRichText("")).toBe("");
  });
});

describe("sanitizeRichText: XSS vectors", () => {
  it("removes script elements and their content", () => {
    const out = sanitizeRichText(
      "<p>hi</p><script>alert(1)</script><SCRIPT SRC=//x.example/x.js></SCRIPT>",
    );
    expect(out).toBe("<p>hi</p>");
  });

  it("removes event handler attributes", () => {
    expect(sanitizeRichText('<img src="/x.png" onerror="alert(1)">')).toBe('<img src="/x.png">');
    expect(sanitizeRichText('<p onclick="alert(1)" onmouseover="alert(2)">x</p>')).toBe("<p>x</p>");
    expect(sanitizeRichText('<a href="/a" onfocus="alert(1)" autofocus>x</a>')).toBe(
      '<a href="/a">x</a>',
    );
  });

  it("removes javascript:, vbscript: and data: links, however they are spelled", () => {
    for (const href of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      " javascript:alert(1)",
      "java\tscript:alert(1)",
      "java&#x09;script:alert(1)",
      "&#106;avascript:alert(1)",
      "vbscript:msgbox(1)",
      "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
      "ftp://example.org/file",
    ]) {
      const out = sanitizeRichText(`<a href="${href}">x</a>`);
      expect(out, href).toBe("<a>x</a>");
    }
  });

  it("removes svg and math content entirely, including their scripts", () => {
    expect(
      sanitizeRichText('<svg onload="alert(1)"><script>alert(2)</script></svg><p>ok</p>'),
    ).toBe("<p>ok</p>");
    expect(
      sanitizeRichText('<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>'),
    ).toBe("");
    expect(sanitizeRichText("<math><mtext><script>alert(1)</script></mtext></math>")).toBe("");
  });

  it("removes style expressions, url() and positioning from style attributes", () => {
    expect(sanitizeRichText('<p style="width: expression(alert(1))">x</p>')).toBe("<p>x</p>");
    expect(sanitizeRichText('<p style="background-image: url(javascript:alert(1))">x</p>')).toBe(
      "<p>x</p>",
    );
    expect(
      sanitizeRichText('<p style="color: red; background: url(https://evil.example/t.gif)">x</p>'),
    ).toBe('<p style="color: red">x</p>');
    expect(sanitizeRichText('<p style="position: fixed; inset: 0; z-index: 9999">x</p>')).toBe(
      "<p>x</p>",
    );
    expect(sanitizeRichText('<p style="color: re\\64">x</p>')).toBe("<p>x</p>");
  });

  it("removes every style declaration that positions or hides content", () => {
    for (const style of [
      "position: fixed",
      "position: absolute; top: 0; left: 0",
      "position: sticky",
      "inset: 0",
      "z-index: 2147483647",
      "display: none",
      "visibility: hidden",
      "opacity: 0",
      "margin-top: -9999px",
      "transform: translate(-100vw)",
      "clip-path: inset(50%)",
      "float: left",
    ]) {
      expect(sanitizeRichText(`<p style="${style}">x</p>`), style).toBe("<p>x</p>");
    }
    expect(sanitizeRichText('<p style="display:none;color:red">x</p>')).toBe(
      '<p style="color: red">x</p>',
    );
  });

  it("removes the site's classes that position or hide content, keeping a code language", () => {
    for (const className of [
      "fixed",
      "absolute",
      "sticky",
      "relative",
      "inset-0",
      "inset-x-0",
      "top-0",
      "z-50",
      "-z-10",
      "hidden",
      "invisible",
      "sr-only",
      "h-screen w-screen",
      "fixed inset-0 z-[9999] bg-white",
    ]) {
      expect(sanitizeRichText(`<p class="${className}">x</p>`), className).toBe("<p>x</p>");
    }
    expect(sanitizeRichText('<code class="fixed language-ts z-50">x</code>')).toBe(
      '<code class="language-ts">x</code>',
    );
    expect(sanitizeClass("language-js  language-c++ inset-0")).toBe("language-js language-c++");
    expect(sanitizeClass('language-"x"')).toBe("");
  });

  it("removes style and other elements outside the allow-list but keeps their harmless text", () => {
    expect(sanitizeRichText("<style>body{display:none}</style><p>x</p>")).toBe("<p>x</p>");
    expect(sanitizeRichText('<iframe src="https://evil.example"></iframe><p>x</p>')).toBe(
      "<p>x</p>",
    );
    expect(sanitizeRichText('<form action="https://evil.example"><input name="p"></form>')).toBe(
      "",
    );
    expect(sanitizeRichText("<div><span>kept text</span></div>")).toBe("kept text");
    expect(sanitizeRichText('<object data="x.swf"></object><embed src="x.swf">')).toBe("");
  });

  it("removes attributes outside the allow-list", () => {
    expect(sanitizeRichText('<p id="x" data-x="1" aria-hidden="true" title="t">x</p>')).toBe(
      "<p>x</p>",
    );
  });

  it("refuses images from other sites, protocol-relative and non-image data URLs", () => {
    for (const src of [
      "https://tracker.example/pixel.gif",
      "//tracker.example/pixel.gif",
      "/\\tracker.example/pixel.gif",
      "/\t/tracker.example/pixel.gif",
      "data:image/svg+xml;base64,PHN2Zy8+",
      "data:image/gif;base64,R0lGODlhAQABAAAAACw=",
      "data:image/webp;base64,UklGRhoAAABXRUJQ",
      "data:text/html,<script>alert(1)</script>",
      "javascript:alert(1)",
    ]) {
      expect(sanitizeRichText(`<img src="${src}" alt="a">`), src).toBe('<img alt="a">');
    }
  });

  it("forces rel=noopener noreferrer on links opening a new window and drops other targets", () => {
    expect(sanitizeRichText('<a href="https://example.org" target="_blank">x</a>')).toBe(
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(
      sanitizeRichText('<a href="https://example.org" target="_blank" rel="opener">x</a>'),
    ).toBe('<a href="https://example.org" target="_blank" rel="noopener noreferrer">x</a>');
    expect(sanitizeRichText('<a href="/x" target="_top">x</a>')).toBe('<a href="/x">x</a>');
  });

  it("survives mutation XSS classics", () => {
    const vectors = [
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
      '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
      '<math><mi><mglyph><svg><mtext><textarea><path id="</textarea><img onerror=alert(1) src=1>">',
      '<a href="&#x6A;avascript&colon;alert(1)">x</a>',
      "<img src=x:alert(alt) onerror=eval(src) alt=0>",
    ];
    for (const vector of vectors) {
      const out = sanitizeRichText(vector);
      expect(out, vector).not.toMatch(/onerror|javascript|<script|<svg|<math/i);
    }
  });

  it("is stable: sanitising twice changes nothing", () => {
    const html =
      '<h2>Title</h2><p style="text-align: center">a <a href="https://example.org" target="_blank">b</a></p><img src="/x.png" alt="x">';
    const once = sanitizeRichText(html);
    expect(sanitizeRichText(once)).toBe(once);
  });

  it("leaves no hook behind on the shared instance", async () => {
    const { default: DOMPurify } = await import("isomorphic-dompurify");
    // Our hook would drop this declaration; DOMPurify's defaults keep it.
    expect(sanitizeRichText('<p style="display: none">x</p>')).toBe("<p>x</p>");
    expect(DOMPurify.sanitize('<p style="display: none">x</p>')).toBe(
      '<p style="display: none">x</p>',
    );
  });
});

describe("sanitizeStyle", () => {
  it("keeps allowed properties, lower-cases their names and drops the rest", () => {
    expect(sanitizeStyle("TEXT-ALIGN: right; font-weight: 700; display: none")).toBe(
      "text-align: right; font-weight: 700",
    );
    expect(sanitizeStyle("color: var(--x); width: calc(100% - 1px)")).toBe("");
    expect(sanitizeStyle("color: #12ab34 !important")).toBe("");
    expect(sanitizeStyle("")).toBe("");
  });

  it("drops a declaration without a colon, even one that starts like an allowed property", () => {
    expect(sanitizeStyle("colorx")).toBe("");
    expect(sanitizeStyle("colorx; color: red")).toBe("color: red");
  });
});

describe("isAllowedImageSource", () => {
  it("accepts site paths and raster data images only", () => {
    expect(isAllowedImageSource("/images/a.png")).toBe(true);
    expect(isAllowedImageSource("data:image/jpeg;base64,/9j/4AAQ")).toBe(true);
    expect(isAllowedImageSource("data:image/gif;base64,R0lGODlh")).toBe(false);
    expect(isAllowedImageSource("images/a.png")).toBe(false);
    expect(isAllowedImageSource("https://example.org/a.png")).toBe(false);
  });

  it("reads the address as a browser does: spaces around it and tabs or newlines in it ignored", () => {
    expect(isAllowedImageSource(" /images/a.png ")).toBe(true);
    expect(isAllowedImageSource("/\t/evil.example/a.png")).toBe(false);
    expect(sanitizeRichText('<img src="/images/a.png " alt="">')).toBe(
      '<img src="/images/a.png" alt="">',
    );
  });
});

describe("attributes on the wrong element", () => {
  it("keeps src only on images and target only on links", () => {
    expect(sanitizeRichText('<p src="/x.png">x</p>')).toBe("<p>x</p>");
    expect(sanitizeRichText('<img src="/x.png" target="_blank">')).toBe('<img src="/x.png">');
  });
});
