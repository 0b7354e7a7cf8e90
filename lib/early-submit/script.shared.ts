/**
 * Keeps a form sent before the page's scripts have hydrated it: an inline script the root layout
 * puts at the top of every page's body (EarlySubmit), beside the quick exit's.
 *
 * The site's forms are sent by their scripts (`method="post"` only so that nothing typed ever
 * lands in an address). Before those scripts have run, the browser would post the form to the
 * page's own address, which answers with the same page, empty: what the visitor typed would be
 * gone, and nothing sent. On a slow phone that window lasts seconds.
 *
 * So a `submit` that reaches the window with nobody having handled it (the form's own handler
 * prevents the browser's default, so a hydrated form passes untouched), from a `post` form with
 * no `action` of its own, is stopped and kept; EarlySubmit sends it again once the page has
 * hydrated. A submission of that form that its handler did take (the visitor pressed again once
 * the page had hydrated) drops the kept one, so the form is not sent twice. Plain ES5 with single
 * quotes only, served without its line breaks; its SHA-256 is what the nonce pages' CSP allows
 * (`EARLY_SUBMIT_SCRIPT_SHA256`, checked against the text by tests/unit/inline-scripts.test.ts).
 */
const SOURCE = `(function () {
  var state = window.__earlySubmit = { pending: null };
  window.addEventListener('submit', function (event) {
    var form = event.target;
    if (!form || form.getAttribute('method') !== 'post' || form.hasAttribute('action')) return;
    if (event.defaultPrevented) {
      if (state.pending && state.pending.form === form) state.pending = null;
      return;
    }
    event.preventDefault();
    state.pending = { form: form, submitter: event.submitter || null };
  });
})();`;

/** Every line break and the indentation after it go: each statement above ends in ; or a brace. */
export const EARLY_SUBMIT_SCRIPT = SOURCE.replace(/\n\s*/g, "");

/** `'sha256-…'` of EARLY_SUBMIT_SCRIPT, for the nonce pages' script-src. */
export const EARLY_SUBMIT_SCRIPT_SHA256 = "'sha256-PVje4KP8B9qFYOSiJ4tQT5NhBm89GFSyyvqqE/NsDWM='";

/** A form the script stopped, with the button that sent it. */
export type EarlySubmission = { form: HTMLFormElement; submitter: HTMLElement | null };

declare global {
  interface Window {
    __earlySubmit?: { pending: EarlySubmission | null };
  }
}
