import "server-only";
import { ConfigError } from "./errors";
import { publicSiteFromEnv, type PublicSiteConfig } from "./public-site";
import { envSchema, type Env } from "./schema";
import { loadDevSecrets } from "./secrets";

/** The sender outside production when MAIL_FROM is unset (tests, development, a demo). */
export const EXAMPLE_MAIL_FROM = "Onderzoekspanel <panel@example.org>";

const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

/** A sender at a domain reserved for examples (example.org, .com, .net, and the .example TLD). */
function isExampleSender(from: string): boolean {
  const domain = /@([^@\s>]+)>?\s*$/.exec(from)?.[1]?.toLowerCase() ?? "";
  return /(^|\.)example(\.(org|com|net))?$/.test(domain);
}

export type MailTransportKind = "resend" | "log" | "memory";

export type AppConfig = {
  env: Env["NODE_ENV"];
  isProduction: boolean;
  appUrl: string;
  appOrigin: string;
  appSecret: string;
  /** Earlier values of APP_SECRET, still accepted for what was made with them (newest first). */
  appSecretsPrevious: string[];
  responsesKey: Buffer;
  /** Earlier values of RESPONSES_KEY, still used to read what was sealed with them. */
  responsesKeysPrevious: Buffer[];
  databaseUrl: string | undefined;
  pgliteDir: string;
  mail: {
    transport: MailTransportKind;
    from: string;
    resendApiKey: string | undefined;
    resendBaseUrl: string | undefined;
    /** Signing secret of the provider's webhook (`whsec_…`); unset: events are refused. */
    webhookSecret: string | undefined;
    outboxDir: string;
    /** Provider requests per second for the whole site, not per instance. */
    ratePerSecond: number;
  };
  cronSecret: string | undefined;
  trustProxy: boolean;
  /** How many proxies of ours append to X-Forwarded-For (a CDN in front of a balancer is 2). */
  trustProxyHops: number;
  backgroundJobs: boolean;
  /** Every rate limit is this many times its default (RATE_LIMIT_SCALE; 1 unless load-testing). */
  rateLimitScale: number;
  session: {
    /** A session ends after this many milliseconds without use. */
    idleMs: number;
    /** …and this many after it began, however busy. */
    absoluteMs: number;
    /** `__Host-session` in production (Secure, no Domain), `session` over http in development. */
    cookieName: string;
  };
  /** "required": staff without two-factor reach only the calls that set it up (docs/auth.md). */
  staffTwoFactor: "required" | "optional";
  /** Audit log rows are kept this many days, then purged (lib/audit/purge.ts). */
  auditRetentionDays: number;
  publicSite: PublicSiteConfig;
};

export { ConfigError };

/** Parses an environment into the application's configuration; throws one error listing every problem. */
export function parseConfig(source: Record<string, string | undefined>): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join(".") || "env"}: ${i.message}`),
    );
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === "production";
  const problems: string[] = [];

  let appSecret = e.APP_SECRET;
  let responsesKeyText = e.RESPONSES_KEY;
  if (!appSecret || !responsesKeyText) {
    if (isProduction) {
      if (!appSecret)
        problems.push("APP_SECRET is required in production (at least 32 characters)");
      if (!responsesKeyText)
        problems.push("RESPONSES_KEY is required in production (32 random bytes, base64)");
    } else {
      const dev = loadDevSecrets();
      appSecret ??= dev.appSecret;
      responsesKeyText ??= dev.responsesKey;
    }
  }
  let responsesKey = Buffer.alloc(0);
  if (responsesKeyText) {
    responsesKey = Buffer.from(responsesKeyText, "base64");
    if (responsesKey.length !== 32) problems.push("RESPONSES_KEY must be 32 bytes, base64-encoded");
  }
  const appSecretsPrevious = listOf(e.APP_SECRET_PREVIOUS);
  appSecretsPrevious.forEach((secret, i) => {
    if (secret.length < 32)
      problems.push(`APP_SECRET_PREVIOUS: entry ${i + 1} must be at least 32 characters`);
    if (secret === appSecret)
      problems.push(`APP_SECRET_PREVIOUS: entry ${i + 1} is the current APP_SECRET`);
  });
  const responsesKeysPrevious = listOf(e.RESPONSES_KEY_PREVIOUS).map((text, i) => {
    const key = Buffer.from(text, "base64");
    if (key.length !== 32)
      problems.push(`RESPONSES_KEY_PREVIOUS: entry ${i + 1} must be 32 bytes, base64-encoded`);
    else if (key.equals(responsesKey))
      problems.push(`RESPONSES_KEY_PREVIOUS: entry ${i + 1} is the current RESPONSES_KEY`);
    return key;
  });

  let transport: MailTransportKind;
  if (e.MAIL_TRANSPORT) transport = e.MAIL_TRANSPORT;
  else if (e.RESEND_API_KEY) transport = "resend";
  else if (isProduction) {
    problems.push(
      "RESEND_API_KEY is required in production (or MAIL_TRANSPORT=log with MAIL_TRANSPORT_LOG_IN_PRODUCTION=1 to print mails instead)",
    );
    transport = "log";
  } else transport = "log";
  if (isProduction && e.MAIL_TRANSPORT === "log" && !e.MAIL_TRANSPORT_LOG_IN_PRODUCTION)
    problems.push(
      "MAIL_TRANSPORT=log writes members' addresses and links to the log and to disk: in production set MAIL_TRANSPORT_LOG_IN_PRODUCTION=1 as well if that is meant",
    );
  // The memory transport keeps every mail in the server's memory and sends none: in production
  // every sign-up, reset and panel message would be lost without a word, and memory would grow
  // with each one.
  if (isProduction && transport === "memory")
    problems.push(
      "MAIL_TRANSPORT=memory sends no mail (it keeps each one in memory, for tests): use resend in production, or log with MAIL_TRANSPORT_LOG_IN_PRODUCTION=1 for a demo",
    );
  if (transport === "resend" && !e.RESEND_API_KEY)
    problems.push("MAIL_TRANSPORT=resend needs RESEND_API_KEY");
  // A test double of the provider on this machine (a benchmark, a browser test).
  const resendBase = e.RESEND_BASE_URL ? new URL(e.RESEND_BASE_URL) : null;
  const resendDouble = resendBase !== null && LOOPBACK_HOSTS.includes(resendBase.hostname);
  // The provider sends only from a domain verified with it: with no sender, or an example one
  // (.env.example's), every mail (sign-up links, password resets, panel messages) is refused.
  if (isProduction && transport === "resend" && !e.MAIL_FROM)
    problems.push(
      'MAIL_FROM is required in production: the sender of every mail, on the domain verified with Resend ("Onderzoekspanel <panel@your-domain>")',
    );
  else if (isProduction && transport === "resend" && isExampleSender(e.MAIL_FROM!) && !resendDouble)
    problems.push(
      "MAIL_FROM is an example address: in production use the sender on the domain verified with Resend",
    );
  // The key and every member's address and link go to this address: only encrypted, unless it is
  // a test double on this machine.
  if (isProduction && transport === "resend" && resendBase && resendBase.protocol !== "https:")
    if (!resendDouble) problems.push("RESEND_BASE_URL must be an https address in production");

  if (isProduction) {
    // Mail links are built from APP_URL: a forgotten value would send people to localhost.
    const url = new URL(e.APP_URL);
    const loopback = LOOPBACK_HOSTS.includes(url.hostname);
    if (!source.APP_URL)
      problems.push("APP_URL is required in production (the site's public https address)");
    else if (url.protocol !== "https:" && !loopback)
      problems.push("APP_URL must be an https address in production");
  }

  if (isProduction && e.TRUST_PROXY === undefined) {
    // Either guess is dangerous: believing X-Forwarded-For with no proxy in front lets anyone pick
    // their own rate-limit key, ignoring it behind a proxy makes every visitor one client.
    problems.push(
      "TRUST_PROXY must be set in production: TRUST_PROXY=1 when the site runs behind a reverse proxy or platform that sets X-Forwarded-For (TRUST_PROXY_HOPS=2 or more for several), TRUST_PROXY=0 when visitors connect to this server directly",
    );
  }

  if (problems.length > 0) throw new ConfigError(problems);

  const appUrl = e.APP_URL.replace(/\/+$/, "");
  return {
    env: e.NODE_ENV,
    isProduction,
    appUrl,
    appOrigin: new URL(appUrl).origin,
    appSecret: appSecret!,
    appSecretsPrevious,
    responsesKey,
    responsesKeysPrevious,
    databaseUrl: e.DATABASE_URL,
    pgliteDir: e.PGLITE_DIR,
    mail: {
      transport,
      from: e.MAIL_FROM ?? EXAMPLE_MAIL_FROM,
      resendApiKey: e.RESEND_API_KEY,
      resendBaseUrl: e.RESEND_BASE_URL,
      webhookSecret: e.RESEND_WEBHOOK_SECRET,
      outboxDir: e.MAIL_OUTBOX_DIR,
      ratePerSecond: e.MAIL_RATE_PER_SECOND,
    },
    cronSecret: e.CRON_SECRET,
    trustProxy: e.TRUST_PROXY ?? false,
    trustProxyHops: e.TRUST_PROXY_HOPS,
    backgroundJobs: !e.DISABLE_BACKGROUND_JOBS,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    session: {
      idleMs: e.SESSION_IDLE_MINUTES * 60_000,
      absoluteMs: e.SESSION_MAX_HOURS * 3_600_000,
      cookieName: isProduction ? "__Host-session" : "session",
    },
    staffTwoFactor: e.STAFF_TWO_FACTOR ?? (isProduction ? "required" : "optional"),
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    publicSite: publicSiteFromEnv(e),
  };
}

/** A comma-separated list; spaces around entries and empty entries are ignored. */
function listOf(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((v) => v.trim())
    .filter((v) => v !== "");
}

const cacheKey = Symbol.for("research-panel.config");
type ConfigCache = { [cacheKey]?: AppConfig };

/** The validated configuration of this process, parsed on first use. */
export function getConfig(): AppConfig {
  const g = globalThis as ConfigCache;
  g[cacheKey] ??= parseConfig(process.env);
  return g[cacheKey];
}
