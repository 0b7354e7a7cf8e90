/**
 * Rich text placed under a heading of its own (a study's short description under its card's
 * h3 on /research): its headings are moved down so that its highest (h2, the editor's highest)
 * becomes `highest`, and none rises to the level of the page's sections (an h1, which the allow-list
 * lets through, goes to `highest` too). Levels past 6 stay at 6.
 *
 * The input is the sanitiser's output: every "<" outside a tag is written as "&lt;", and
 * attribute values are quoted, so a scan that steps over quoted values finds every tag and
 * nothing else. Only the names of heading tags change.
 */
export function headingsFrom(html: string, highest: number): string {
  const shift = highest - 2;
  if (shift <= 0) return html;
  const out: string[] = [];
  let at = 0;
  while (at < html.length) {
    const open = html.indexOf("<", at);
    if (open === -1) {
      out.push(html.slice(at));
      break;
    }
    out.push(html.slice(at, open));
    let end = open + 1;
    let quote: string | null = null;
    for (; end < html.length; end++) {
      const c = html[end];
      if (quote) {
        if (c === quote) quote = null;
      } else if (c === '"' || c === "'") quote = c;
      else if (c === ">") break;
    }
    const tag = html.slice(open, end + 1);
    out.push(
      tag.replace(
        /^<(\/?)h([1-6])(?=[\s/>])/i,
        (_, slash: string, level: string) =>
          `<${slash}h${Math.min(6, Math.max(highest, Number(level) + shift))}`,
      ),
    );
    at = end + 1;
  }
  return out.join("");
}
