import "server-only";
import { escapeHtml, htmlToText } from "@/lib/mail/layout";
import { sanitizeRichText } from "@/lib/rich-text/sanitize";

/**
 * A body is empty unless, once sanitised, it has some text or an image: the editor's empty
 * document is `<p></p>`, and a few blank paragraphs are no message either.
 */
export function hasContent(html: string): boolean {
  const clean = sanitizeRichText(html);
  return htmlToText(clean).trim() !== "" || /<img\b[^>]*\ssrc="[^"]+"/i.test(clean);
}

/**
 * Images in a body point at this site by path (`/api/editor_image/<id>`), which means nothing
 * in a mailbox: they become absolute addresses on the site. Only `src` of images changes; links
 * are left exactly as written (no tracking, no redirects). The input is sanitiser output, whose
 * attributes are always double-quoted.
 */
export function withAbsoluteImages(html: string, appUrl: string): string {
  return html.replace(
    /(<img\b[^>]*?\ssrc=")(\/(?![/\\])[^"]*)"/gi,
    (_match, head: string, path: string) => `${head}${escapeHtml(appUrl)}${path}"`,
  );
}

/** The body as it goes into a mail: sanitised again (as on every display) with absolute images. */
export function mailBodyHtml(body: string, appUrl: string): string {
  return withAbsoluteImages(sanitizeRichText(body), appUrl);
}
