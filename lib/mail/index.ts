import "server-only";
import { getConfig } from "@/config";
import { createLogTransport } from "./transports/log";
import { createMemoryTransport } from "./transports/memory";
import { createResendTransport } from "./transports/resend";
import type { MailMessage, MailTransport, SendOptions, SendResult } from "./types";

export type {
  BatchItemResult,
  BatchSendResult,
  MailMessage,
  MailTransport,
  ProviderRateLimit,
  SendOptions,
  SendResult,
} from "./types";
export { MailSendError } from "./types";

const transportKey = Symbol.for("research-panel.mail-transport");
type Holder = { [transportKey]?: MailTransport };

/** The transport chosen by configuration: Resend, the log transport, or memory (tests). */
export function getMailTransport(): MailTransport {
  const g = globalThis as Holder;
  if (!g[transportKey]) {
    const { mail } = getConfig();
    g[transportKey] =
      mail.transport === "resend"
        ? createResendTransport({
            apiKey: mail.resendApiKey!,
            baseUrl: mail.resendBaseUrl,
            from: mail.from,
          })
        : mail.transport === "memory"
          ? createMemoryTransport(mail.from)
          : createLogTransport(mail.from, mail.outboxDir);
  }
  return g[transportKey];
}

/**
 * Replaces the transport of this process, e.g. the real Resend transport pointed at a fake
 * server in tests; `undefined` goes back to the configured one.
 */
export function installMailTransport(transport: MailTransport | undefined): void {
  (globalThis as Holder)[transportKey] = transport;
}

export function sendMail(message: MailMessage, options?: SendOptions): Promise<SendResult> {
  return getMailTransport().send(message, options);
}
