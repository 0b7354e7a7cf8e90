import { z } from "zod";
import { resolveWallTime } from "@/lib/time/centre-time.shared";
import { unixSeconds } from "@/lib/time/unix.shared";
import { studyStatusSchema } from "./schemas.shared";

export const DEFAULT_STUDY_NAME = "new study";
/** The largest sample size a study may set (far above any real study, within an integer). */
export const RESPONSE_LIMIT_MAX = 1_000_000;
/** The latest closing time accepted: the year 9999 (unix seconds). */
export const CLOSES_AT_MAX = 253_402_300_799;
export const STUDY_NAME_MAX_LENGTH = 200;
/**
 * Upper bound for a stored rich-text field. Far above any real description (images are links
 * to uploaded files, not inline data), low enough that one field cannot bloat every list.
 */
export const RICH_TEXT_MAX_LENGTH = 200_000;

// C0 and C1 control characters (tab, line breaks included): a name is one line of plain text.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/** A study name: trimmed, 1–200 characters, one line. Plain text, never interpreted as HTML. */
export const studyNameSchema = z
  .string()
  .trim()
  .min(1, "Give the study a name")
  .max(STUDY_NAME_MAX_LENGTH, `A study name has at most ${STUDY_NAME_MAX_LENGTH} characters`)
  .refine((name) => !CONTROL_CHARACTERS.test(name), "A study name is one line of text");

const richTextSchema = z
  .string()
  .max(RICH_TEXT_MAX_LENGTH, `At most ${RICH_TEXT_MAX_LENGTH} characters`);

/** POST /api/study: the name is optional and defaults to 'new study'. */
export const createStudySchema = z.object({ name: studyNameSchema.optional() });
export type CreateStudyInput = z.infer<typeof createStudySchema>;

/** The texts of the sample size and end date rules (the study screen passes translated ones). */
export type StudyClosingTexts = {
  limit: string;
  limitMax: string;
  closesAt: string;
  dateTime: string;
};

const CLOSING_TEXTS: StudyClosingTexts = {
  limit: "The response limit is a whole number of at least 1",
  limitMax: `The response limit is at most ${RESPONSE_LIMIT_MAX}`,
  closesAt: "The closing time is a time in unix seconds",
  dateTime: "Give a date and a time",
};

/** A whole number from `min` to `max`, or null; `message` for anything else (`aboveMax` above `max`). */
function wholeNumberOrNull(min: number, max: number, message: string, aboveMax = message) {
  return z.number(message).int(message).min(min, message).max(max, aboveMax).nullable();
}

/** `response_limit`: a whole number from 1 to RESPONSE_LIMIT_MAX, or null (no limit). */
export function responseLimitField(t: StudyClosingTexts = CLOSING_TEXTS) {
  return wholeNumberOrNull(1, RESPONSE_LIMIT_MAX, t.limit, t.limitMax);
}

/** `closes_at`: unix seconds up to the year 9999, or null (no end date). */
export function closesAtField(t: StudyClosingTexts = CLOSING_TEXTS) {
  return wholeNumberOrNull(0, CLOSES_AT_MAX, t.closesAt);
}

/**
 * A `datetime-local` value (YYYY-MM-DDTHH:mm, seconds ignored) on the centre's clocks (Europe/
 * Amsterdam) as unix seconds; null when malformed. A time the clocks skip in spring lands as far
 * past the jump; a time they show twice in autumn is the first of the two (summer time).
 */
export function centreLocalToUnix(value: string): number | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(value);
  const resolved = match ? resolveWallTime(match[1], match[2]) : null;
  if (!resolved) return null;
  const instant = resolved.kind === "overlap" ? resolved.earlier : resolved.instant;
  return unixSeconds(instant);
}

/**
 * The study screen's sample size and end date as typed: the limit as text, the end date as a
 * `datetime-local` value on the centre's clocks. Empty clears either (null). Turned into the
 * PUT's fields and checked by the same rules as `updateStudySchema`.
 */
export function studyClosingFormSchema(t: StudyClosingTexts = CLOSING_TEXTS) {
  return z.object({
    response_limit: z
      .string()
      .trim()
      .transform((v) => (v === "" ? null : /^\d+$/.test(v) ? Number(v) : Number.NaN))
      .pipe(responseLimitField(t)),
    closes_at: z
      .string()
      .trim()
      .transform((v, ctx) => {
        if (v === "") return null;
        const seconds = centreLocalToUnix(v);
        if (seconds !== null) return seconds;
        ctx.addIssue({ code: "custom", message: t.dateTime });
        return z.NEVER;
      })
      .pipe(closesAtField(t)),
  });
}
export type StudyClosingFormValues = z.input<ReturnType<typeof studyClosingFormSchema>>;

/**
 * PUT /api/study/{id}: every field optional, and only the fields present change, so an
 * autosave of one field never undoes a change made to another meanwhile. Read-only fields
 * (`id`, `created_at`, `survey_uuid`) and unknown ones are dropped by the schema, not refused,
 * so a client may send back a whole study.
 */
export const updateStudySchema = z.object({
  name: studyNameSchema.optional(),
  short_description: richTextSchema.optional(),
  description: richTextSchema.optional(),
  status: studyStatusSchema.optional(),
  /** null clears the limit. */
  response_limit: responseLimitField().optional(),
  /** Unix seconds; null clears the end date. */
  closes_at: closesAtField().optional(),
});
export type UpdateStudyInput = z.infer<typeof updateStudySchema>;

/**
 * Body limits of the study calls: a name, or a name and two descriptions of up to 200,000
 * characters each at up to 3 bytes per character in UTF-8, so the schema's own limits answer
 * (code 22) before the body limit does.
 */
export const CREATE_STUDY_MAX_BODY_BYTES = 16 * 1024;
export const UPDATE_STUDY_MAX_BODY_BYTES = 2 * 3 * RICH_TEXT_MAX_LENGTH + 16 * 1024;
