import { sanitizeRichText } from "@/lib/rich-text/sanitize";

/**
 * Stored rich text, sanitised again right before it is shown. `contain: content` makes the box
 * the containing block for anything inside it, so no style or class in the content can place
 * something over the rest of the page.
 */
export function RichText({ html, className = "" }: { html: string; className?: string }) {
  return (
    <div
      className={`prose-content break-words [contain:content] [&>:last-child]:mb-0 ${className}`}
      dangerouslySetInnerHTML={{ __html: sanitizeRichText(html) }}
    />
  );
}
