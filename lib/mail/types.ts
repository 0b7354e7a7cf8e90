export type MailMessage = {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers, e.g. List-Unsubscribe on panel mails. */
  headers?: Record<string, string>;
};

export type SendOptions = {
  /** Same key, same mail: the provider sends it only once even if we retry. */
  idempotencyKey?: string;
};

export type SendResult = { id: string | null };

/** A failure the caller may retry later (rate limit, provider outage) or not (bad request). */
export class MailSendError extends Error {
  readonly retryable: boolean;
  readonly retryAfterSeconds?: number;
  readonly statusCode?: number | null;
  constructor(
    message: string,
    o: { retryable: boolean; retryAfterSeconds?: number; statusCode?: number | null },
  ) {
    super(message);
    this.name = "MailSendError";
    this.retryable = o.retryable;
    this.retryAfterSeconds = o.retryAfterSeconds;
    this.statusCode = o.statusCode;
  }
}

export interface MailTransport {
  readonly kind: "resend" | "log" | "memory";
  send(message: MailMessage, options?: SendOptions): Promise<SendResult>;
  /** Up to 100 messages in one provider call. */
  sendBatch(messages: MailMessage[], options?: SendOptions): Promise<SendResult[]>;
}
