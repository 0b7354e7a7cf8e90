import { z } from "zod";

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
