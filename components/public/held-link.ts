/**
 * The mail link the page read from its address and took out of it (MailLinkParams), as the
 * fragment it came in ("#panel_user_id=7&stop_token=…"), for a reload the page itself asks for:
 * the language switcher puts it back into the address just before reloading, and the reloaded
 * page reads it and takes it out again. Without it, choosing a language on a mail link's page
 * reloaded it without the link ("incomplete link"). Only in this page's memory; a page whose
 * link is spent (the action done) lets it go.
 */
let held: string | null = null;

export function holdLink(fragment: string | null): void {
  held = fragment;
}

/** The address to reload with: this one, with the held link's fragment when there is one. */
export function addressWithHeldLink(location: Pick<Location, "pathname" | "search">): string {
  return `${location.pathname}${location.search}${held ?? ""}`;
}
