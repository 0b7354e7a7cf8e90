import "server-only";
import DOMPurify from "isomorphic-dompurify";
import {
  CLASS_PATTERNS,
  IMAGE_TYPES,
  LINK_PROTOCOLS,
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_TAGS,
  STYLE_PROPERTIES,
} from "./allow-list.shared";

/**
 * The one sanitiser for rich text (study descriptions, message bodies, survey text blocks). It
 * runs on the server only: when HTML is stored and again when the API hands it out, so the
 * browser receives safe HTML and carries no sanitiser. The lists are those of `allow-list.ts`;
 * within them, values are narrowed further where they would still let content reach outside the
 * site or outside its box.
 */

/**
 * Links: the allowed schemes, or a relative address (no scheme at all). DOMPurify strips
 * whitespace and decodes entities before testing, so "java&#9;script:" is caught too.
 */
const LINK_URI = new RegExp(
  `^(?:(?:${LINK_PROTOCOLS.join("|")}):|[^a-z]|[a-z+.-]+(?:[^a-z+.\\-:]|$))`,
  "i",
);

/**
 * Images: a path on this site, or an inline image of an allowed type. The CSP blocks other
 * origins anyway; refusing them here keeps stored content from depending on, or reporting to, a
 * third party.
 */
const SAME_ORIGIN_PATH = /^\/(?![/\\])/;
const DATA_IMAGE = new RegExp(`^data:image/(?:${IMAGE_TYPES.join("|")});base64,[a-z0-9+/=]+$`, "i");

const STYLE_PROPERTY_SET = new Set<string>(STYLE_PROPERTIES);
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

/**
 * Keeps the declarations of the allowed properties with plain values. Nothing that positions
 * or hides content (position, inset, z-index, display, visibility, margins, transforms) is on
 * the list, so none of it survives.
 */
export function sanitizeStyle(value: string): string {
  const kept: string[] = [];
  for (const declaration of value.split(";")) {
    const colon = declaration.indexOf(":");
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const propertyValue = declaration.slice(colon + 1).trim();
    if (
      STYLE_PROPERTY_SET.has(property) &&
      propertyValue !== "" &&
      STYLE_VALUE.test(propertyValue)
    ) {
      kept.push(`${property}: ${propertyValue}`);
    }
  }
  return kept.join("; ");
}

/** Keeps only the class names content may carry (a code block's language). */
export function sanitizeClass(value: string): string {
  return value
    .split(/\s+/)
    .filter((name) => name !== "" && CLASS_PATTERNS.some((pattern) => pattern.test(name)))
    .join(" ");
}

function narrowAttributes(node: Element): void {
  const style = node.getAttribute("style");
  if (style !== null) {
    const safe = sanitizeStyle(style);
    if (safe) node.setAttribute("style", safe);
    else node.removeAttribute("style");
  }

  const className = node.getAttribute("class");
  if (className !== null) {
    const safe = sanitizeClass(className);
    if (safe) node.setAttribute("class", safe);
    else node.removeAttribute("class");
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
