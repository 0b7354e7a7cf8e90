import "server-only";
import { z } from "zod";
import { DEFAULT_QUICK_EXIT_URL } from "./quick-exit.shared";

const boolFlag = z
  .enum(["0", "1", "true", "false", ""])
  .optional()
  .transform((v) => v === "1" || v === "true");

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));

const optionalUrl = optionalString.pipe(z.url().optional());

const optionalHttpUrl = optionalString.pipe(z.url({ protocol: /^https?$/ }).optional());

/**
 * What the public pages need. Those pages are rendered at build time, so these are read then
 * (a change needs a new build) and must not depend on the server's secrets.
 */
export const publicSiteEnvSchema = z.object({
  APP_URL: z.url().default("http://localhost:3000"),
  // A short note in brackets may follow the number ("0800 1234 (gratis)"): it is shown, not dialled.
  HELP_PHONE: optionalString.pipe(
    z
      .string()
      .regex(
        /^\+?[0-9][0-9 ()-]{2,24}( \([\p{L} /.-]{1,30}\))?$/u,
        "HELP_PHONE must be a phone number, e.g. 0800 1234, optionally followed by a note in brackets",
      )
      .optional(),
  ),
  HELP_CHAT_URL: optionalHttpUrl,
  HELP_WEBSITE_URL: optionalHttpUrl,
  QUICK_EXIT_URL: optionalHttpUrl.transform((v) => v ?? DEFAULT_QUICK_EXIT_URL),
});

export type PublicSiteEnv = z.infer<typeof publicSiteEnvSchema>;

/** Every environment variable the application reads, in one place. */
export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  ...publicSiteEnvSchema.shape,
  APP_SECRET: optionalString.pipe(
    z.string().min(32, "APP_SECRET must be at least 32 characters").optional(),
  ),
  // Earlier secrets, comma-separated, still accepted for reading after a rotation (docs/operations.md).
  APP_SECRET_PREVIOUS: optionalString,
  RESPONSES_KEY: optionalString,
  RESPONSES_KEY_PREVIOUS: optionalString,
  DATABASE_URL: optionalString,
  PGLITE_DIR: z.string().default(".data/pglite"),
  RESEND_API_KEY: optionalString,
  RESEND_BASE_URL: optionalUrl,
  // Signs the provider's event notifications (bounces, complaints); shown once when the webhook
  // is created in Resend. Without it the webhook endpoint refuses every call.
  RESEND_WEBHOOK_SECRET: optionalString.pipe(
    z
      .string()
      .regex(
        /^whsec_[A-Za-z0-9+/]{16,}={0,2}$/,
        "RESEND_WEBHOOK_SECRET must be the webhook's signing secret as Resend shows it (whsec_ followed by base64)",
      )
      .optional(),
  ),
  MAIL_TRANSPORT: z.enum(["resend", "log", "memory"]).optional(),
  // The log transport writes addresses and links to the log and to disk: in production only when
  // this says it is meant (a demo or a test run of the production build).
  MAIL_TRANSPORT_LOG_IN_PRODUCTION: boolFlag,
  // Unset: the example sender below outside production. Production with the resend transport
  // needs one on the domain verified with the provider, which refuses any other (config/index.ts).
  MAIL_FROM: optionalString,
  MAIL_OUTBOX_DIR: z.string().default(".data/outbox"),
  // Provider requests per second for the whole site (one batch of up to 100 mails is one
  // request). Resend allows 5 per team by default; 4 leaves room for sign-up and password mails.
  MAIL_RATE_PER_SECOND: z.coerce.number().positive().max(1000).default(4),
  CRON_SECRET: optionalString.pipe(
    z.string().min(16, "CRON_SECRET must be at least 16 characters").optional(),
  ),
  // Unset and "0" differ: production refuses to start until the operator has said which applies.
  TRUST_PROXY: z
    .enum(["0", "1", "true", "false", ""])
    .optional()
    .transform((v) => (v === undefined || v === "" ? undefined : v === "1" || v === "true")),
  TRUST_PROXY_HOPS: z.coerce.number().int().min(1).max(10).default(1),
  DISABLE_BACKGROUND_JOBS: boolFlag,
  // Multiplies every rate limit (per client, per account, site-wide). 1 in production; a load
  // test sets it high so it measures the server, not the limiter.
  RATE_LIMIT_SCALE: optionalString
    .pipe(
      z.coerce
        .number<string>("RATE_LIMIT_SCALE must be a number")
        .min(1, "RATE_LIMIT_SCALE must be at least 1")
        .max(1_000_000, "RATE_LIMIT_SCALE must be at most 1000000")
        .optional(),
    )
    .transform((v) => v ?? 1),
  // A staff session ends after this long without a request, and this long after sign-in
  // however busy it is.
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  // Audit log rows older than this many days are removed by the housekeeping job (docs/audit.md).
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(730),
  // Whether staff must sign in with a second factor: "required" keeps staff without one to
  // setting it up (docs/auth.md). Left out: required in production, optional elsewhere.
  STAFF_TWO_FACTOR: optionalString.pipe(
    z
      .enum(["required", "optional"], {
        error: "STAFF_TWO_FACTOR must be required or optional",
      })
      .optional(),
  ),
  SESSION_MAX_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24)
    .default(12),
});

export type Env = z.infer<typeof envSchema>;
