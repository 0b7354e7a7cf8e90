import { LEAVING_ATTRIBUTE, QUICK_EXIT_SCRIPT } from "@/lib/quick-exit/script.shared";

/**
 * Runs the quick exit's inline script in this test file's document, as the root layout does at
 * the top of every page. Once per file (in `beforeAll`): its listeners stay for the document's
 * lifetime, as they do on a page.
 */
export function runQuickExitScript(): void {
  new Function(QUICK_EXIT_SCRIPT)();
}

/** Undoes what leaving did to the document, so the next test starts on a page still open. */
export function resetLeaving(): void {
  document.documentElement.removeAttribute(LEAVING_ATTRIBUTE);
  document.documentElement.style.visibility = "";
}
