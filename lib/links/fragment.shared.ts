/**
 * Mail links carry their tokens in the URL fragment ("#panel_user_id=7&stop_token=…"): a browser
 * never sends the fragment to a server, so no proxy, access log or Referer sees the token. Links
 * in mails sent before this change carry the same names in the query; the pages read either.
 * Client-safe: the link builders (server) and the pages that read links (browser) share it.
 */

/** "#a=1&b=2", the parameters form-encoded as a query would be; "" when there are none. */
export function fragmentOf(params: Record<string, string | number>): string {
  const encoded = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) encoded.set(key, String(value));
  const text = encoded.toString();
  return text ? `#${text}` : "";
}

export type LinkParams<K extends string> = { [name in K]: string | null };

/**
 * The named parameters of a mail link: from the fragment when it names any of them, otherwise
 * from the query (a link in a mail sent before tokens moved to the fragment). `found` says
 * whether the address held any, so the page knows to take them out of the address bar.
 */
export function readLinkParams<K extends string>(
  location: { hash: string; search: string },
  names: readonly K[],
): { values: LinkParams<K>; found: boolean } {
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ""));
  const query = new URLSearchParams(location.search);
  const source = names.some((name) => fragment.has(name)) ? fragment : query;
  const values = Object.fromEntries(names.map((name) => [name, source.get(name)])) as LinkParams<K>;
  return { values, found: names.some((name) => values[name] !== null) };
}
