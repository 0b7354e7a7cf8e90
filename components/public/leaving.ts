/**
 * Set once the quick exit is under way, so nothing on the page (the token screen's "are you
 * sure?" before unload) stands between the visitor and the neutral site.
 */
let leaving = false;

export function markLeaving(): void {
  leaving = true;
}

export function isLeaving(): boolean {
  return leaving;
}
