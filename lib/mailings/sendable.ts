import "server-only";
import type { PanelMessage } from "@/db/schema";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { AppError } from "@/lib/errors/app-error";
import { hasContent } from "./content";
import { sendableProblems } from "./schemas.shared";

const subjectTexts = {
  empty: "The subject cannot be empty",
  default: "The subject is still the new message's default; give the message its own",
} as const;

/**
 * A message goes out (or as a test) only with a subject and a body that says something: text
 * or an image once sanitised. A send (not a test) also needs a subject of its own, not the new
 * draft's default. Refused with code 22 and the field at fault.
 */
export function assertSendable(
  message: Pick<PanelMessage, "subject" | "body">,
  o: { test?: boolean } = {},
): void {
  const problems = sendableProblems(message, hasContent(message.body));
  const fields: Record<string, string> = {};
  if (problems.subject === "empty" || (problems.subject === "default" && !o.test)) {
    fields.subject = subjectTexts[problems.subject];
  }
  if (problems.body) fields.body = "The message has no text or image";
  if (Object.keys(fields).length > 0) {
    throw new AppError(ErrorCode.INVALID_INPUT, {
      message: "The message needs a subject and a body before it can be sent",
      fields,
    });
  }
}
