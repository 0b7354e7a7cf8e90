import { z } from "zod";

/** The body of POST /api/survey/response/lookup and /delete: the token, never in a URL. */
export const responseTokenSchema = z.object({
  token: z.string().trim().min(1, "please enter your token").max(200),
});

export type ResponseTokenInput = z.infer<typeof responseTokenSchema>;
