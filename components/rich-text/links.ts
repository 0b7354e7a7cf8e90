import { LINK_PROTOCOLS } from "@/lib/rich-text/allow-list.shared";

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
// Browsers drop tabs and newlines inside addresses, so "java\tscript:" must be read as one word.
const INVISIBLE = /[\u0000-\u0020\u007f-\u009f\u00ad\u200b-\u200f\u2028\u2029\ufeff]/g;

/**
 * Whether a link target may be stored: one of the allowed schemes, or an address on this site
 * (a path, a query or an anchor). The server's sanitiser applies the same rule; checking here
 * lets the editor refuse at once instead of losing the link on save.
 */
export function isAllowedLink(href: string): boolean {
  const value = href.replace(INVISIBLE, "");
  if (value === "") return false;
  const scheme = SCHEME.exec(value)?.[1]?.toLowerCase();
  if (scheme !== undefined) return (LINK_PROTOCOLS as readonly string[]).includes(scheme);
  return /^[/?#]/.test(value) && !/^[/\\]{2}/.test(value);
}

/**
 * What a reader typed into the link field, as a link target, or null when it cannot be one.
 * "example.org/page" becomes "https://example.org/page" and "name@example.org" a mailto link, as
 * people type them without the scheme.
 */
export function normaliseLink(input: string): string | null {
  const value = input.trim();
  if (value === "") return null;
  if (SCHEME.test(value) && !/^[^:/]+\.[^:/]+:\d/.test(value)) {
    return isAllowedLink(value) ? value : null;
  }
  if (/^[/?#]/.test(value)) return isAllowedLink(value) ? value : null;
  if (/^[^\s@/]+@[^\s@/]+\.[^\s@/]+$/.test(value)) return `mailto:${value}`;
  if (/^[^\s/]+\.[^\s/]+/.test(value) && !/\s/.test(value)) return `https://${value}`;
  return null;
}

/** An image source the editor keeps: a path on this site (uploaded images are served here). */
export function isLocalImageSource(src: string | null): src is string {
  return src !== null && /^\/(?![/\\])/.test(src.replace(INVISIBLE, ""));
}
