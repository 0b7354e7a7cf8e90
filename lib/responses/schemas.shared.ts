import { z } from "zod";
import type { StoredAnswer } from "@/lib/surveys/answers.shared";

/**
 * The body of POST /api/survey/response/lookup and /delete: the token, never in a URL. The
 * /my-answers form passes its translated text; the handlers use the English default.
 */
export function responseTokenSchemaWith(requiredText = "please enter your token") {
  return z.object({
    token: z.string(requiredText).trim().min(1, requiredText).max(200),
  });
}

export const responseTokenSchema = responseTokenSchemaWith();

export type ResponseTokenInput = z.infer<typeof responseTokenSchema>;

/** POST /api/survey/response/lookup: what the token's holder submitted. */
export type OwnResponse = {
  study_name: string;
  /** YYYY-MM-DD */
  submitted_on: string;
  answers: StoredAnswer[];
};
