/**
 * Enter in a field sends the survey's form as well. The fields are disabled while the answers
 * are on their way, which would drop the focus to the page's body: it goes to the submit button
 * instead (it stays focusable, aria-disabled meanwhile), where the outcome is said next.
 */
export function focusSubmitWhileSending(form: HTMLFormElement): void {
  const focused = document.activeElement;
  if (focused && form.contains(focused) && focused.getAttribute("type") !== "submit") {
    form.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
  }
}
