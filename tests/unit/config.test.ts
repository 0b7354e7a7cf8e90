import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "@/config";

const key = Buffer.alloc(32, 1).toString("base64");

/** What a production server needs besides its mail transport and proxy mode. */
const production = {
  NODE_ENV: "production",
  APP_SECRET: "x".repeat(40),
  RESPONSES_KEY: key,
  APP_URL: "https://panel.example.org",
};

describe("configuration", () => {
  it("refuses to start in production without secrets or a mail provider, naming each problem", () => {
    let error: unknown;
    try {
      parseConfig({ NODE_ENV: "production" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain("APP_SECRET is required in production");
    expect(message).toContain("RESPONSES_KEY is required in production");
    expect(message).toContain("RESEND_API_KEY is required in production");
    expect(message).toContain("APP_URL is required in production");
  });

  it("refuses a plain-http public address in production, but allows a loopback one", () => {
    const base = {
      NODE_ENV: "production",
      APP_SECRET: "x".repeat(40),
      RESPONSES_KEY: key,
      MAIL_TRANSPORT: "log",
      MAIL_TRANSPORT_LOG_IN_PRODUCTION: "1",
      TRUST_PROXY: "0",
    };
    expect(() => parseConfig({ ...base, APP_URL: "http://panel.example.org" })).toThrow(/https/);
    expect(parseConfig({ ...base, APP_URL: "http://127.0.0.1:3210" }).appUrl).toBe(
      "http://127.0.0.1:3210",
    );
  });

  it("staff two-factor: required in production and optional elsewhere unless set; other values refused", () => {
    const production = {
      NODE_ENV: "production",
      APP_URL: "https://panel.example.org",
      APP_SECRET: "x".repeat(40),
      RESPONSES_KEY: key,
      RESEND_API_KEY: "re_test",
      MAIL_FROM: "Panel <panel@centrum.nl>",
      TRUST_PROXY: "0",
    };
    const dev = { NODE_ENV: "development", APP_SECRET: "x".repeat(32), RESPONSES_KEY: key };
    expect(parseConfig(production).staffTwoFactor).toBe("required");
    expect(parseConfig({ ...production, STAFF_TWO_FACTOR: "" }).staffTwoFactor).toBe("required");
    expect(parseConfig({ ...production, STAFF_TWO_FACTOR: "optional" }).staffTwoFactor).toBe(
      "optional",
    );
    expect(parseConfig(dev).staffTwoFactor).toBe("optional");
    expect(parseConfig({ ...dev, NODE_ENV: "test" }).staffTwoFactor).toBe("optional");
    expect(parseConfig({ ...dev, STAFF_TWO_FACTOR: "required" }).staffTwoFactor).toBe("required");
    expect(() => parseConfig({ ...production, STAFF_TWO_FACTOR: "off" })).toThrow(
      "STAFF_TWO_FACTOR must be required or optional",
    );
  });

  it("sessions: idle half an hour and twelve hours at most by default, both configurable", () => {
    const base = { NODE_ENV: "test", APP_SECRET: "x".repeat(32), RESPONSES_KEY: key };
    expect(parseConfig(base).session).toEqual({
      idleMs: 30 * 60_000,
      absoluteMs: 12 * 3_600_000,
      cookieName: "session",
    });
    const custom = parseConfig({ ...base, SESSION_IDLE_MINUTES: "15", SESSION_MAX_HOURS: "8" });
    expect(custom.session).toMatchObject({ idleMs: 15 * 60_000, absoluteMs: 8 * 3_600_000 });
    expect(() => parseConfig({ ...base, SESSION_IDLE_MINUTES: "0" })).toThrow(
      /SESSION_IDLE_MINUTES/,
    );
    expect(() => parseConfig({ ...base, SESSION_MAX_HOURS: "soon" })).toThrow(/SESSION_MAX_HOURS/);
  });

  it("audit retention: 730 days by default, a whole number of days from 1", () => {
    const base = { NODE_ENV: "test", APP_SECRET: "x".repeat(32), RESPONSES_KEY: key };
    expect(parseConfig(base).auditRetentionDays).toBe(730);
    expect(parseConfig({ ...base, AUDIT_RETENTION_DAYS: "90" }).auditRetentionDays).toBe(90);
    for (const wrong of ["0", "1.5", "forever"]) {
      expect(() => parseConfig({ ...base, AUDIT_RETENTION_DAYS: wrong })).toThrow(
        /AUDIT_RETENTION_DAYS/,
      );
    }
  });

  it("rate limits: unscaled by default, RATE_LIMIT_SCALE a number of at least 1", () => {
    const base = { NODE_ENV: "test", APP_SECRET: "x".repeat(32), RESPONSES_KEY: key };
    expect(parseConfig(base).rateLimitScale).toBe(1);
    expect(parseConfig({ ...base, RATE_LIMIT_SCALE: "" }).rateLimitScale).toBe(1);
    expect(parseConfig({ ...base, RATE_LIMIT_SCALE: "2.5" }).rateLimitScale).toBe(2.5);
    expect(parseConfig({ ...base, RATE_LIMIT_SCALE: "1000" }).rateLimitScale).toBe(1000);
    expect(() => parseConfig({ ...base, RATE_LIMIT_SCALE: "0.5" })).toThrow(/at least 1/);
    expect(() => parseConfig({ ...base, RATE_LIMIT_SCALE: "many" })).toThrow(/must be a number/);
    expect(() => parseConfig({ ...base, RATE_LIMIT_SCALE: "1e7" })).toThrow(/at most/);
  });

  it("sends mail to the provider only encrypted in production, unless to a double on this machine", () => {
    const production = {
      NODE_ENV: "production",
      APP_URL: "https://panel.example.org/",
      APP_SECRET: "x".repeat(40),
      RESPONSES_KEY: key,
      RESEND_API_KEY: "re_123",
      MAIL_FROM: "Panel <panel@centrum.nl>",
      TRUST_PROXY: "1",
    };
    expect(() => parseConfig({ ...production, RESEND_BASE_URL: "http://api.resend.com" })).toThrow(
      /RESEND_BASE_URL must be an https address/,
    );
    for (const url of ["https://api.resend.com", "http://127.0.0.1:4010"]) {
      expect(() => parseConfig({ ...production, RESEND_BASE_URL: url })).not.toThrow();
    }
  });

  it("accepts a complete production configuration", () => {
    const config = parseConfig({
      NODE_ENV: "production",
      APP_URL: "https://panel.example.org/",
      APP_SECRET: "x".repeat(40),
      RESPONSES_KEY: key,
      RESEND_API_KEY: "re_123",
      MAIL_FROM: "Panel <panel@centrum.nl>",
      DATABASE_URL: "postgres://u@db/panel",
      TRUST_PROXY: "1",
    });
    expect(config.appOrigin).toBe("https://panel.example.org");
    expect(config.mail.transport).toBe("resend");
    expect(config.trustProxy).toBe(true);
    expect(config.session.cookieName).toBe("__Host-session");
    expect(config.responsesKey.length).toBe(32);
    // Provider requests per second for the whole site: below Resend's default of 5.
    expect(config.mail.ratePerSecond).toBe(4);
    expect(
      parseConfig({
        NODE_ENV: "test",
        APP_SECRET: "x".repeat(32),
        RESPONSES_KEY: key,
        MAIL_RATE_PER_SECOND: "2.5",
      }).mail.ratePerSecond,
    ).toBe(2.5);
  });

  it("rejects malformed values with a clear message", () => {
    expect(() =>
      parseConfig({ NODE_ENV: "test", APP_SECRET: "short", RESPONSES_KEY: key }),
    ).toThrow(/APP_SECRET must be at least 32 characters/);
    expect(() =>
      parseConfig({ NODE_ENV: "test", APP_SECRET: "x".repeat(32), RESPONSES_KEY: "abc" }),
    ).toThrow(/RESPONSES_KEY must be 32 bytes/);
    expect(() => parseConfig({ NODE_ENV: "test", APP_URL: "not a url" })).toThrow(/APP_URL/);
    expect(() =>
      parseConfig({
        NODE_ENV: "test",
        APP_SECRET: "x".repeat(32),
        RESPONSES_KEY: key,
        MAIL_RATE_PER_SECOND: "-1",
      }),
    ).toThrow(/MAIL_RATE_PER_SECOND/);
  });

  it("needs a sender of its own in production to send through the provider", () => {
    const base = { ...production, RESEND_API_KEY: "re_123", TRUST_PROXY: "1" };
    for (const unset of [{}, { MAIL_FROM: "" }, { MAIL_FROM: "  " }]) {
      expect(() => parseConfig({ ...base, ...unset })).toThrow(
        /MAIL_FROM is required in production/,
      );
    }
    // An example sender (.env.example's) would have every mail refused as well, unless the
    // provider is a test double on this machine.
    for (const example of [
      "Onderzoekspanel <panel@example.org>",
      "panel@Example.COM",
      "Panel <panel@mail.example.net>",
      "Panel <panel@centrum.example>",
    ]) {
      expect(() => parseConfig({ ...base, MAIL_FROM: example })).toThrow(
        /MAIL_FROM is an example address/,
      );
      expect(
        parseConfig({ ...base, MAIL_FROM: example, RESEND_BASE_URL: "http://127.0.0.1:4010" }).mail
          .from,
      ).toBe(example);
    }
    const from = "Panel <panel@centrum.nl>";
    expect(parseConfig({ ...base, MAIL_FROM: ` ${from} ` }).mail.from).toBe(from);
    // The log transport sends nothing to a provider; outside production the example sender.
    expect(
      parseConfig({ ...base, MAIL_TRANSPORT: "log", MAIL_TRANSPORT_LOG_IN_PRODUCTION: "1" }).mail
        .from,
    ).toBe("Onderzoekspanel <panel@example.org>");
    expect(
      parseConfig({ NODE_ENV: "test", APP_SECRET: "x".repeat(32), RESPONSES_KEY: key }).mail.from,
    ).toBe("Onderzoekspanel <panel@example.org>");
  });

  it("allows the log transport in production only when asked for twice", () => {
    const base = { ...production, MAIL_TRANSPORT: "log", TRUST_PROXY: "0" };
    for (const notMeant of [{}, { MAIL_TRANSPORT_LOG_IN_PRODUCTION: "0" }]) {
      expect(() => parseConfig({ ...base, ...notMeant })).toThrow(
        /MAIL_TRANSPORT_LOG_IN_PRODUCTION=1/,
      );
    }
    const config = parseConfig({ ...base, MAIL_TRANSPORT_LOG_IN_PRODUCTION: "1" });
    expect(config.mail.transport).toBe("log");
    // Outside production the log transport is the default without a key, and needs no flag.
    expect(parseConfig({ ...base, NODE_ENV: "development" }).mail.transport).toBe("log");
  });

  it("refuses the memory transport in production, which would send no mail at all", () => {
    const base = { ...production, MAIL_TRANSPORT: "memory", TRUST_PROXY: "0" };
    for (const flag of [{}, { MAIL_TRANSPORT_LOG_IN_PRODUCTION: "1" }]) {
      expect(() => parseConfig({ ...base, ...flag })).toThrow(
        /MAIL_TRANSPORT=memory sends no mail/,
      );
    }
    // Tests run with it, outside production.
    expect(parseConfig({ ...base, NODE_ENV: "test" }).mail.transport).toBe("memory");
  });

  it("refuses to start in production until TRUST_PROXY says 1 or 0, and tells unset from 0", () => {
    const base = { ...production, MAIL_TRANSPORT: "log", MAIL_TRANSPORT_LOG_IN_PRODUCTION: "1" };
    for (const unset of [{}, { TRUST_PROXY: "" }]) {
      let message = "";
      try {
        parseConfig({ ...base, ...unset });
      } catch (e) {
        expect(e).toBeInstanceOf(ConfigError);
        message = (e as Error).message;
      }
      expect(message).toContain("TRUST_PROXY must be set in production");
      expect(message).toContain("TRUST_PROXY=1 when the site runs behind a reverse proxy");
      expect(message).toContain("TRUST_PROXY=0 when visitors connect to this server directly");
    }
    expect(parseConfig({ ...base, TRUST_PROXY: "0" }).trustProxy).toBe(false);
    expect(parseConfig({ ...base, TRUST_PROXY: "1" }).trustProxy).toBe(true);
    // Outside production an unset value means no proxy, as before.
    expect(
      parseConfig({ NODE_ENV: "development", APP_SECRET: "x".repeat(40), RESPONSES_KEY: key })
        .trustProxy,
    ).toBe(false);
  });
});
