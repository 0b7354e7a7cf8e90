import { z } from "zod";

const boolFlag = z
  .enum(["0", "1", "true", "false", ""])
  .optional()
  .transform((v) => v === "1" || v === "true");

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));

const optionalUrl = optionalString.pipe(z.url().optional());

/** Every environment variable the application reads, in one place. */
export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  APP_URL: z.url().default("http://localhost:3000"),
  APP_SECRET: optionalString.pipe(
    z.string().min(32, "APP_SECRET must be at least 32 characters").optional(),
  ),
  RESPONSES_KEY: optionalString,
  DATABASE_URL: optionalString,
  PGLITE_DIR: z.string().default(".data/pglite"),
  RESEND_API_KEY: optionalString,
  RESEND_BASE_URL: optionalUrl,
  MAIL_TRANSPORT: z.enum(["resend", "log", "memory"]).optional(),
  MAIL_FROM: z.string().default("Onderzoekspanel <panel@example.org>"),
  MAIL_OUTBOX_DIR: z.string().default(".data/outbox"),
  MAIL_RATE_PER_SECOND: z.coerce.number().positive().default(10),
  CRON_SECRET: optionalString.pipe(
    z.string().min(16, "CRON_SECRET must be at least 16 characters").optional(),
  ),
  TRUST_PROXY: boolFlag,
  DISABLE_BACKGROUND_JOBS: boolFlag,
});

export type Env = z.infer<typeof envSchema>;
