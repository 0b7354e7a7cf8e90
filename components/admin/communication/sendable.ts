import { sendableProblems } from "@/lib/mailings/schemas.shared";

/**
 * The body says something: text or an image. The stored body is sanitised HTML, so reading it
 * as a document is safe; an empty editor leaves `<p></p>`, which says nothing.
 */
export function bodyHasContent(html: string): boolean {
  const doc = new DOMParser().parseFromString(html, "text/html");
  return (doc.body.textContent ?? "").trim() !== "" || doc.querySelector("img[src]") !== null;
}

/** What keeps the message from being sent, the same rule the server applies. */
export function sendProblems(message: { subject: string; body: string }) {
  return sendableProblems(message, bodyHasContent(message.body));
}
