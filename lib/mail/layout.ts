import "server-only";

/**
 * The one mail layout: plain, readable, no images, no tracking. Every text passed in is escaped;
 * `bodyHtml` is for already-sanitised rich text (panel messages) only.
 */
export type MailContent = {
  lang: "nl" | "en";
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  bodyHtml?: string;
  footer?: { text: string; link?: { label: string; url: string } };
};

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

export function renderMail(c: MailContent): { html: string; text: string } {
  const p = (t: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(t)}</p>`;
  const action = c.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(c.action.url)}" style="display:inline-block;background:#17477f;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(c.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#4b5565;word-break:break-all">${escapeHtml(c.action.url)}</p>`
    : "";
  const footer = c.footer
    ? `<hr style="border:none;border-top:1px solid #e5e7eb;margin:32px 0 16px"><p style="font-size:13px;color:#4b5565;margin:0">${escapeHtml(c.footer.text)}${
        c.footer.link
          ? ` <a href="${escapeHtml(c.footer.link.url)}" style="color:#17477f">${escapeHtml(c.footer.link.label)}</a>`
          : ""
      }</p>`
    : "";
  const html = `<!doctype html>
<html lang="${c.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(c.heading)}</title></head>
<body style="margin:0;padding:0;background:#f5f7fa;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1d2433">
<div style="max-width:560px;margin:0 auto;padding:32px 24px;background:#ffffff">
<h1 style="font-size:22px;margin:0 0 20px">${escapeHtml(c.heading)}</h1>
${c.paragraphs.map(p).join("\n")}${c.bodyHtml ?? ""}
${action}${footer}
</div></body></html>`;
  const text = [
    c.heading,
    "",
    ...c.paragraphs.flatMap((t) => [t, ""]),
    ...(c.bodyHtml ? [htmlToText(c.bodyHtml), ""] : []),
    ...(c.action ? [`${c.action.label}: ${c.action.url}`, ""] : []),
    ...(c.footer
      ? [
          "--",
          c.footer.link
            ? `${c.footer.text} ${c.footer.link.label}: ${c.footer.link.url}`
            : c.footer.text,
        ]
      : []),
  ].join("\n");
  return { html, text };
}

/** A readable plain-text rendering of simple rich text for the text part of a mail. */
export function htmlToText(html: string): string {
  return html
    .replace(/<a [^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gi, "$2 ($1)")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(p|h[1-6]|li|blockquote|pre)>/gi, "\n")
    .replace(/<li[^>]*>/gi, "- ")
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
