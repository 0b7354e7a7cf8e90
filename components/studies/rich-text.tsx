/**
 * Rich text from the API, which sanitised it on the server: rendered as it comes, with no
 * sanitiser in the browser. `contain: content` makes the box the containing block for anything
 * inside it and `overflow: hidden` clips it, so nothing in the content can be placed over the
 * rest of the page.
 */
export function RichText({ html, className = "" }: { html: string; className?: string }) {
  return (
    <div
      className={`prose-content overflow-hidden break-words [contain:content] [&>:last-child]:mb-0 ${className}`}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
