import "server-only";
import { gunzipSync, gzipSync } from "node:zlib";
import type { MailMessage } from "@/lib/mail/types";

/**
 * A recorded batch's mails, stored compressed: a hundred copies of one body shrink to little
 * more than one. Read back they are the same objects in the same order, so the provider
 * receives the same request bytes on every retry.
 */
export function encodePayload(messages: MailMessage[]): Buffer {
  return gzipSync(Buffer.from(JSON.stringify(messages), "utf8"));
}

export function decodePayload(data: Buffer): MailMessage[] {
  return JSON.parse(gunzipSync(data).toString("utf8")) as MailMessage[];
}
