/**
 * Rich text from the API, which sanitised it on the server (no positioning classes or styles get
 * through): rendered as it comes, with no sanitiser in the browser. Should anything positioned
 * slip through all the same, the box holds it: `contain: content` and `position: relative` make
 * it the containing block of anything inside, fixed or absolute, and `overflow: hidden` clips
 * it, so nothing in the content can be placed over the rest of the page.
 */
export function RichText({ html, className = "" }: { html: string; className?: string }) {
  return (
    <div
      className={`prose-content relative overflow-hidden break-words [contain:content] [&>:last-child]:mb-0 ${className}`}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
