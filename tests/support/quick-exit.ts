import { isLeaving } from "@/components/public/leaving";
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

/**
 * Makes the script forget an Escape that did not leave. It keeps that press's time for the next
 * press for the document's lifetime, and runs once per file, so a press in one test would pair
 * with the next test's first; a time read from a faked clock (which starts at 0 and runs far
 * ahead of the real one) even makes the next real press leave at once. Leaving clears it: with
 * a bare control on the page, Escape is pressed until the page leaves (at most twice), then the
 * control goes and the page is made as it was. Call it before any other tab listens: the
 * script tells the open tabs that it left.
 */
export function forgetEscapes(): void {
  const control = document.createElement("a");
  control.dataset.quickExit = "";
  control.href = "http://127.0.0.1:9/forget";
  document.body.append(control);
  const press = () => document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" }));
  press();
  if (!isLeaving()) press();
  control.remove();
  resetLeaving();
}
