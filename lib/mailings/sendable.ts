import "server-only";
import type { PanelMessage } from "@/db/schema";
import { ErrorCode } from "@/lib/errors/codes";
import { AppError } from "@/lib/errors/app-error";
import { hasContent } from "./content";

/**
 * A message goes out (or as a test) only with a subject and a body that says something: text
 * or an image once sanitised. Refused with code 22 and the field at fault.
 */
export function assertSendable(message: Pick<PanelMessage, "subject" | "body">): void {
  const fields: Record<string, string> = {};
  if (message.subject.trim() === "") fields.subject = "The subject cannot be empty";
  if (!hasContent(message.body)) fields.body = "The message has no text or image";
  if (Object.keys(fields).length > 0) {
    throw new AppError(ErrorCode.INVALID_INPUT, {
      message: "The message needs a subject and a body before it can be sent",
      fields,
    });
  }
}
