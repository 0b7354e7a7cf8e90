import DOMPurify from "isomorphic-dompurify";

/**
 * The one sanitiser for rich text (study descriptions, message bodies, survey text blocks), used
 * when HTML is stored and again when it is shown. Runs on the server (jsdom) and in the browser
 * with the same rules. The allow-list is the spec's (§5); within it, values are narrowed further
 * where the spec's list would still let content reach outside the site or outside its box.
 */

export const RICH_TEXT_TAGS = [
  "p",
  "br",
  "strong",
  "em",
  "u",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "ul",
  "ol",
  "li",
  "a",
  "img",
  "blockquote",
  "code",
  "pre",
] as const;

export const RICH_TEXT_ATTRIBUTES = ["href", "src", "alt", "target", "rel", "class", "style"] as const;

/**
 * Links: http, https, mailto, tel and sms, or a relative address (no scheme at all). DOMPurify
 * strips whitespace and decodes entities before testing, so "java&#9;script:" is caught too.
 */
const LINK_URI = /^(?:(?:https?|mailto|tel|sms):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

/**
 * Images: a path on this site, or an inline raster image. The CSP blocks other origins anyway;
 * refusing them here keeps stored content from depending on, or reporting to, a third party.
 */
const SAME_ORIGIN_PATH = /^\/(?![/\\])/;
const DATA_IMAGE = /^data:image\/(?:png|jpe?g|gif|webp);base64,[a-z0-9+/=]+$/i;

/** What the editor can produce: alignment, colours, emphasis and image sizes. Nothing positions. */
const STYLE_PROPERTIES = new Set([
  "text-align",
  "color",
  "background-color",
  "font-weight",
  "font-style",
  "text-decoration",
  "width",
  "height",
  "max-width",
]);
// Keywords, numbers, lengths and hex colours, or one rgb()/hsl() colour: no url(), expression(),
// var(), escapes, comments or quotes.
const STYLE_VALUE = /^(?:[#a-z0-9.,%\s-]+|(?:rgba?|hsla?)\([0-9.,%\s]+\))$/i;

// Browsers drop tabs and newlines inside URLs and read "\" as "/", so "/\t/x" means "//x".
function normaliseUrl(value: string): string {
  return value.replace(/[\t\n\r]/g, "").trim();
}

export function isAllowedImageSource(value: string): boolean {
  const url = normaliseUrl(value);
  return SAME_ORIGIN_PATH.test(url) || DATA_IMAGE.test(url);
}

export function sanitizeStyle(value: string): string {
  const kept: string[] = [];
  for (const declaration of value.split(";")) {
    const colon = declaration.indexOf(":");
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const propertyValue = declaration.slice(colon + 1).trim();
    if (STYLE_PROPERTIES.has(property) && propertyValue !== "" && STYLE_VALUE.test(propertyValue)) {
      kept.push(`${property}: ${propertyValue}`);
    }
  }
  return kept.join("; ");
}

function narrowAttributes(node: Element): void {
  const style = node.getAttribute("style");
  if (style !== null) {
    const safe = sanitizeStyle(style);
    if (safe) node.setAttribute("style", safe);
    else node.removeAttribute("style");
  }

  const tag = node.tagName.toLowerCase();
  const src = node.getAttribute("src");
  if (src !== null) {
    if (tag === "img" && isAllowedImageSource(src)) node.setAttribute("src", normaliseUrl(src));
    else node.removeAttribute("src");
  }

  if (node.hasAttribute("target")) {
    // A link that opens a new window must not hand the new page a handle on this one.
    if (tag === "a" && node.getAttribute("target") === "_blank") {
      node.setAttribute("rel", "noopener noreferrer");
    } else {
      node.removeAttribute("target");
    }
  }
}

const config = {
  ALLOWED_TAGS: [...RICH_TEXT_TAGS],
  ALLOWED_ATTR: [...RICH_TEXT_ATTRIBUTES],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  ALLOWED_URI_REGEXP: LINK_URI,
};

/** Returns HTML that holds only the allowed tags, attributes, link schemes and image sources. */
export function sanitizeRichText(html: string): string {
  if (!html) return "";
  // The hook is added for this call only and removed right after (sanitize is synchronous), so
  // the shared DOMPurify instance keeps no state of ours between calls.
  DOMPurify.addHook("afterSanitizeAttributes", narrowAttributes);
  try {
    return DOMPurify.sanitize(html, config);
  } finally {
    DOMPurify.removeHook("afterSanitizeAttributes");
  }
}
