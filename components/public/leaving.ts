import { LEAVING_ATTRIBUTE } from "@/lib/quick-exit/script.shared";

/**
 * Whether the quick exit is under way (its inline script marks the document, see
 * lib/quick-exit/script.shared.ts), so nothing on the page (the token screen's "are you sure?"
 * before unload) stands between the visitor and the neutral site.
 */
export function isLeaving(): boolean {
  return document.documentElement.hasAttribute(LEAVING_ATTRIBUTE);
}
