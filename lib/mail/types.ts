import "server-only";

export type MailMessage = {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers, e.g. List-Unsubscribe on panel mails. */
  headers?: Record<string, string>;
  /**
   * The sender, when it must not change between retries (a recorded batch is resent byte for
   * byte); otherwise the transport's configured sender.
   */
  from?: string;
};

export type SendOptions = {
  /** Same key, same mail: the provider sends it only once even if we retry. */
  idempotencyKey?: string;
};

export type SendResult = { id: string | null };

/**
 * What became of one mail of a batch the provider answered: its provider id, or why the
 * provider refused that one mail (the others of the batch are not affected).
 */
export type BatchItemResult =
  { id: string | null; error?: undefined } | { id: null; error: string };

/** The provider's own rate-limit state after a request, when it told us. */
export type ProviderRateLimit = { limit?: number; remaining: number; resetSeconds: number };

export type BatchSendResult = {
  /** One entry per message, in the order they were given. */
  results: BatchItemResult[];
  rateLimit?: ProviderRateLimit;
};

/** A failure the caller may retry later (rate limit, provider outage) or not (bad request). */
export class MailSendError extends Error {
  readonly retryable: boolean;
  readonly retryAfterSeconds?: number;
  readonly statusCode?: number | null;
  /** The provider's error name, e.g. `rate_limit_exceeded` or `invalid_idempotent_request`. */
  readonly providerCode?: string;
  constructor(
    message: string,
    o: {
      retryable: boolean;
      retryAfterSeconds?: number;
      statusCode?: number | null;
      providerCode?: string;
    },
  ) {
    super(message);
    this.name = "MailSendError";
    this.retryable = o.retryable;
    this.retryAfterSeconds = o.retryAfterSeconds;
    this.statusCode = o.statusCode;
    this.providerCode = o.providerCode;
  }
}

export interface MailTransport {
  readonly kind: "resend" | "log" | "memory";
  send(message: MailMessage, options?: SendOptions): Promise<SendResult>;
  /**
   * Up to 100 messages in one provider request. A message the provider refuses fails on its
   * own (its entry carries the error); a failure of the whole request throws MailSendError.
   */
  sendBatch(messages: MailMessage[], options?: SendOptions): Promise<BatchSendResult>;
  /**
   * Takes the address off the provider's suppression list (where a bounce or a complaint put
   * it), so mail to it is sent again. An address that is not on the list is no error; a
   * failure to reach the provider throws MailSendError.
   */
  liftSuppression(address: string): Promise<void>;
}
