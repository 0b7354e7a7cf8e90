/**
 * The quick exit's behaviour, as an inline script the root layout puts at the top of every
 * page's body. It runs while the HTML is still being parsed, long before the page's own scripts
 * have loaded and hydrated, so the control works from the first moment it can be seen: on a slow
 * phone that can be seconds, and a visitor who needs to leave cannot wait for them. A plain link
 * would push a history entry (Back brings the site back) and leave the survey's kept answers in
 * the tab's storage.
 *
 * On every page it listens, in the capture phase (a dialog or menu that handles Escape itself
 * must not hide it), for a click on the control (`a[data-quick-exit]`; a middle click too,
 * which would otherwise open the neutral site in another tab and leave this one on screen) and
 * for Escape pressed twice within 1.5 s; and it hears the site's other tabs leave over a
 * BroadcastChannel (the survey opens in a window of its own, so leaving from it takes the study
 * page along, and the other way round; same origin only, carrying nothing but the word to
 * leave). Each does something only where the page shows the control, whose address it follows
 * (the staff portal has none); one that comes while the page is still loading, before the
 * control has been parsed, waits for it. Escape pressed while an input method is composing
 * (which cancels the composition) counts for nothing, and the time between presses is read from
 * a monotonic clock. Leaving marks the document (`data-leaving`, read by `isLeaving`), tells
 * the other tabs, blanks the page (nothing of it stays on screen while the next one loads),
 * clears the tab's sessionStorage (where the survey runner keeps answers in progress) and
 * replaces the history entry with the neutral site.
 *
 * Plain ES5, written out here and served with the line breaks and indentation taken out (single
 * quotes only, so nothing needs escaping): it is not compiled, and its SHA-256 is what the nonce
 * pages' CSP allows (`QUICK_EXIT_SCRIPT_SHA256`, checked against the text by
 * tests/unit/inline-scripts.test.ts); the static pages allow inline scripts anyway.
 */
/** Set on the document once leaving has begun; `isLeaving` reads it. */
export const LEAVING_ATTRIBUTE = "data-leaving";

/** The control the script acts for, and whose address it follows (QuickExitLink renders it). */
export const QUICK_EXIT_SELECTOR = "a[data-quick-exit]";

/** The BroadcastChannel the site's tabs tell each other to leave on. */
export const QUICK_EXIT_CHANNEL = "quick-exit";

const SOURCE = `(function () {
  var doc = document, root = doc.documentElement, lastEscape = -Infinity;
  var selector = '${QUICK_EXIT_SELECTOR}';
  var channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('${QUICK_EXIT_CHANNEL}') : null;
  function now() { return typeof performance === 'object' ? performance.now() : Date.now(); }
  function leave(link, tellOthers) {
    root.setAttribute('${LEAVING_ATTRIBUTE}', '');
    if (tellOthers && channel) channel.postMessage('leave');
    root.style.visibility = 'hidden';
    try { sessionStorage.clear(); } catch (e) {}
    location.replace(link.href);
  }
  function leaveByControl(tellOthers) {
    var link = doc.querySelector(selector);
    if (link) leave(link, tellOthers);
    else if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', function () {
      var parsed = doc.querySelector(selector);
      if (parsed) leave(parsed, tellOthers);
    });
  }
  if (channel) channel.onmessage = function () { leaveByControl(false); };
  function onPress(event) {
    if (event.type === 'auxclick' && event.button !== 1) return;
    var link = event.target && event.target.closest ? event.target.closest(selector) : null;
    if (!link) return;
    event.preventDefault();
    leave(link, true);
  }
  doc.addEventListener('click', onPress, true);
  doc.addEventListener('auxclick', onPress, true);
  doc.addEventListener('keydown', function (event) {
    if (event.key !== 'Escape' || event.repeat || event.isComposing || event.keyCode === 229) return;
    var pressed = now();
    if (pressed - lastEscape <= 1500) {
      lastEscape = -Infinity;
      leaveByControl(true);
    }
    else lastEscape = pressed;
  }, true);
})();`;

/** Every line break and the indentation after it go: each statement above ends in ; or a brace. */
export const QUICK_EXIT_SCRIPT = SOURCE.replace(/\n\s*/g, "");

/** `'sha256-…'` of QUICK_EXIT_SCRIPT, for the nonce pages' script-src. */
export const QUICK_EXIT_SCRIPT_SHA256 = "'sha256-/IlDBl8Y8IR76kvJwzlCBwJzsnuyeszlSagN6spDP68='";
