/**
 * A link elsewhere in the app (the portal's menu, a footer link), appended to the page, whose
 * use is logged in `followed` instead of followed. `remove()` takes it off the page again.
 */
export function appLink(href: string, text: string) {
  const followed: string[] = [];
  const link = document.createElement("a");
  link.href = href;
  link.textContent = text;
  link.addEventListener("click", (event) => {
    event.preventDefault();
    followed.push(link.pathname);
  });
  document.body.append(link);
  return { link, followed, remove: () => link.remove() };
}

/** Whether the browser would ask before this page is reloaded or closed. */
export function asksBeforeUnload(): boolean {
  const event = new Event("beforeunload", { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}
