import { z } from "zod";

/**
 * Payloads of the panel-message API, shared by the handlers and (later) the communication
 * screen. No server imports here, so client components can use these too.
 */

/**
 * The spec's four statuses, and two more: `scheduled` (waiting for its time; back to `not_sent`
 * when cancelled) and `failed` (it came to its time with nobody left to send to).
 */
export const COMMUNICATION_STATUSES = [
  "not_sent",
  "scheduled",
  "queued",
  "sending",
  "sent",
  "failed",
] as const;
export const communicationStatusSchema = z.enum(COMMUNICATION_STATUSES);
export type CommunicationStatus = z.infer<typeof communicationStatusSchema>;

export const DEFAULT_MESSAGE_SUBJECT = "new message";
export const MAX_SUBJECT_LENGTH = 200;
/**
 * Each member's mail carries the whole body and a batch holds 100 mails, so the body is kept to
 * a size that keeps one provider request well within reason. Images are uploaded separately and
 * referenced, so 100,000 characters is far more than any text needs.
 */
export const MAX_BODY_LENGTH = 100_000;

const MAX_ID = 2_147_483_647;

/** A message id from a path segment: digits only, within the serial range. */
export const panelMessageIdSchema = z
  .string()
  .regex(/^\d{1,10}$/, "Expected a message id")
  .transform(Number)
  .pipe(z.number().int().min(1).max(MAX_ID));

/** Route parameters of /api/panel_message/{id}/... */
export const panelMessageParamsSchema = z.object({ id: panelMessageIdSchema });

/**
 * The version of a message a save or send is based on (GET and every save answer it). When given
 * and the stored one is newer, the change is refused with 409 code 27: someone else changed the
 * message meanwhile. Without it the change wins, as the specification's calls do.
 */
export const messageVersionSchema = z.number().int().min(1).max(MAX_ID);

/** A scheduled send is at least this far ahead… */
export const MIN_SCHEDULE_AHEAD_SECONDS = 60;
/** …and at most this far. */
export const MAX_SCHEDULE_AHEAD_SECONDS = 90 * 24 * 3600;

/**
 * POST /api/panel_message/{id}/send: now, or at `send_at` (unix seconds). Whether `send_at` is
 * far enough ahead depends on the moment it arrives, so that is checked when it is scheduled.
 */
export const panelMessageSendSchema = z.object({
  send_at: z.number().int().positive().optional(),
  version: messageVersionSchema.optional(),
});
export type PanelMessageSendInput = z.infer<typeof panelMessageSendSchema>;

/**
 * POST /api/panel_message/{id}/test: with `version`, only that version of the draft is mailed
 * (409 code 27 once it was changed elsewhere), so the test shows what the sender saw.
 */
export const panelMessageTestSchema = z.object({ version: messageVersionSchema.optional() });
export type PanelMessageTestInput = z.infer<typeof panelMessageTestSchema>;

/** Why a message ended `failed`. */
export const FAILURE_REASONS = ["no_recipients"] as const;

/**
 * A subject and body a send needs: not the new draft's default subject, and a body with some
 * text or an image. The screen asks this before the confirmation opens; the server asks again.
 */
export function sendableProblems(
  message: { subject: string },
  bodyHasContent: boolean,
): { subject?: "empty" | "default"; body?: "empty" } {
  const subject = message.subject.trim();
  return {
    ...(subject === ""
      ? { subject: "empty" as const }
      : subject === DEFAULT_MESSAGE_SUBJECT
        ? { subject: "default" as const }
        : {}),
    ...(bodyHasContent ? {} : { body: "empty" as const }),
  };
}

/**
 * Control characters (line breaks, tabs, NUL, C1 codes) and the bidirectional overrides that
 * make a text read differently from what it holds: a subject is one line, shown as written.
 */
const SUBJECT_CONTROL = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;

/** The subject's rules; the screen passes its translated texts, the handlers use the English. */
export function subjectField(
  texts: { empty: string; tooLong: string; control: string } = {
    empty: "The subject cannot be empty",
    tooLong: `The subject can have at most ${MAX_SUBJECT_LENGTH} characters`,
    control: "The subject cannot contain line breaks, tabs or other control characters",
  },
) {
  return z
    .string()
    .trim()
    .min(1, texts.empty)
    .max(MAX_SUBJECT_LENGTH, texts.tooLong)
    .refine((subject) => !SUBJECT_CONTROL.test(subject), texts.control);
}

export const subjectSchema = subjectField();

export const bodySchema = z
  .string()
  .max(MAX_BODY_LENGTH, `The body can have at most ${MAX_BODY_LENGTH} characters`);

/** POST /api/panel_message: a new draft, 'new message' unless a subject is given. */
export const panelMessageCreateSchema = z.object({
  subject: subjectSchema.default(DEFAULT_MESSAGE_SUBJECT),
});
export type PanelMessageCreateInput = z.infer<typeof panelMessageCreateSchema>;

/**
 * PUT /api/panel_message/{id}: only the fields present change. The screen may send the whole
 * message back; its id, status, dates and counts are not part of this schema and so are
 * dropped, never written.
 */
export const panelMessageUpdateSchema = z.object({
  subject: subjectSchema.optional(),
  body: bodySchema.optional(),
  version: messageVersionSchema.optional(),
});
export type PanelMessageUpdateInput = z.infer<typeof panelMessageUpdateSchema>;

/** A message as the API shows it; dates in unix seconds. */
export const panelMessageSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  /** Sanitised HTML. */
  body: z.string(),
  communication_status: communicationStatusSchema,
  sent_at: z.number().int().nullable(),
  created_at: z.number().int(),
  /** Verified members the message was queued for (0 while not sent). */
  recipients_total: z.number().int(),
  /** Mails the provider accepted. */
  delivered_count: z.number().int(),
  /** Mails that could not be sent (refused address, provider failure, member left). */
  failed_count: z.number().int(),
  /** Accepted mails the provider later reported as bounced or suppressed. */
  bounced_count: z.number().int(),
  /** While `scheduled`: when it goes out (unix seconds); null otherwise. */
  scheduled_for: z.number().int().nullable(),
  /** Why it ended `failed`; null otherwise. */
  failure_reason: z.enum(FAILURE_REASONS).nullable(),
  /** Raised by every change of subject or body; sent back with a save or send (27 if older). */
  version: z.number().int(),
});
export type PanelMessageDto = z.infer<typeof panelMessageSchema>;

export const failureReasonSchema = z.object({
  /** Null for a member who has since left the panel: the reason is erased with them. */
  reason: z.string().nullable(),
  count: z.number().int(),
});
export type FailureReason = z.infer<typeof failureReasonSchema>;

/** GET /api/panel_message/{id}: the message plus what the screen needs for its state. */
export const panelMessageDetailSchema = panelMessageSchema.extend({
  /**
   * While not sent or scheduled: how many members would receive it now (verified, not
   * bounced), for the send confirmation.
   */
  recipients_estimate: z.number().int().optional(),
  /** Once queued: why deliveries failed, most frequent first. */
  failure_reasons: z.array(failureReasonSchema).optional(),
});
export type PanelMessageDetailDto = z.infer<typeof panelMessageDetailSchema>;

export type PanelMessageList = { items: PanelMessageDto[] };
