/**
 * What rich text (study descriptions, panel messages, survey text blocks) may contain: the
 * sanitiser on the server enforces it, and the editor in the browser limits what it produces to
 * the same lists. Plain constants with no imports, so the editor can read them without pulling
 * the sanitiser into the browser.
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

export const RICH_TEXT_ATTRIBUTES = [
  "href",
  "src",
  "alt",
  "target",
  "rel",
  "class",
  "style",
] as const;

/** Link schemes; a relative address (no scheme at all) is allowed as well. */
export const LINK_PROTOCOLS = ["http", "https", "mailto", "tel", "sms"] as const;

/**
 * Image types: a path on this site, or an inline image of one of these types. Images from other
 * sites are refused, so stored content never depends on, or reports to, a third party.
 */
export const IMAGE_TYPES = ["png", "jpeg"] as const;

/** Style properties the editor uses: alignment, colours, emphasis and image sizes. */
export const STYLE_PROPERTIES = [
  "text-align",
  "color",
  "background-color",
  "font-weight",
  "font-style",
  "text-decoration",
  "width",
  "height",
  "max-width",
] as const;

/**
 * The classes content may carry: a code block's language and nothing else. The site's own
 * utility classes (`fixed`, `absolute`, `inset-0`, `z-50`, `hidden`, `sr-only`…) would let
 * content place itself over the page or hide text, so no other class survives.
 */
export const CLASS_PATTERNS = [/^language-[a-z0-9+#-]{1,32}$/] as const;
