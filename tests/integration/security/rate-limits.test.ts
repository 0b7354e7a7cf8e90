import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { rateLimits } from "@/db/schema";
import { getConfig } from "@/config";
import * as changePassword from "@/app/api/change_password/route";
import * as forgot from "@/app/api/forgot_password/route";
import * as login from "@/app/api/login/route";
import * as login2fa from "@/app/api/login_2fa/route";
import * as signup from "@/app/api/panel_user/route";
import * as stop from "@/app/api/panel_user/stop_participation/route";
import * as unsubscribe from "@/app/api/panel_user/unsubscribe/route";
import * as verify from "@/app/api/panel_user/verify_email/route";
import * as reset from "@/app/api/reset_password/route";
import * as submit from "@/app/api/survey/[surveyUuid]/submit/route";
import * as tokenDelete from "@/app/api/survey/response/delete/route";
import * as tokenLookup from "@/app/api/survey/response/lookup/route";
import { withEnv } from "../../support/config";
import { call, cookieFrom, type CallResult } from "../../support/http";
import { account, PASSWORD, quietLogs } from "../../support/auth";
import { insertStudyWithSurvey, validAnswers } from "../../support/survey";

// Every rate limit of the site, pinned exactly: N calls pass, the next answers 429 code 23 with
// Retry-After. Runs in both proxy modes (projects "integration" and "integration-direct"): with
// TRUST_PROXY=0 no client is known, so only site-wide ceilings and per-account limits exist.
const mode = getConfig().trustProxy ? "proxy" : "direct";
type Mode = "proxy" | "direct";

quietLogs();

// Date alone is faked, one second into an hour, so every window (10, 15 and 60 minutes) has
// just begun and lasts the whole test; Retry-After is then exact.
const T0 = new Date("2030-05-06T12:00:01Z");
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(T0);
  const db = await getDb();
  await db.delete(rateLimits);
});
afterEach(() => vi.useRealTimers());

type Caller = (i: number) => Promise<CallResult>;
type Row = {
  name: string;
  modes: Mode[];
  allowed: number;
  windowSeconds: number;
  /**
   * The allowed calls may run side by side (each from its own address, so their order does not
   * matter): some answers take a fixed minimum time.
   */
  parallel?: boolean;
  /** Retry-After of the refusal: the rest of the window unless said otherwise. */
  retryAfterSeconds?: number;
  /** Builds the call (fixtures first); `i` counts the calls, e.g. to vary addresses. */
  prepare: (ip: string) => Promise<Caller>;
};

let ipBlock = 0;
/** A block of its own per row, so per-client counters (some kept in memory) never meet. */
const nextBlock = () => ++ipBlock;
const ipOf = (block: number, i = 0) => `10.${block}.${(i >> 8) & 255}.${i & 255}`;

const json = (handler: typeof login.POST, body: unknown, ip: string, more = {}) =>
  call(handler, { body, ip, ...more });
const oneClick = (ip: string, body = "List-Unsubscribe=One-Click", member = 999999) =>
  call(unsubscribe.POST, {
    path: `/api/panel_user/unsubscribe?panel_user_id=${member}&stop_token=not-a-token`,
    rawBody: body,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    origin: null,
    ip,
  });
const badToken = { token: "a".repeat(32) };

async function signedIn() {
  const { email, user } = await account();
  const res = await call(login.POST, { body: { email, password: PASSWORD }, ip: "192.0.2.200" });
  return { user, cookie: cookieFrom(res.setCookies, "session")! };
}

async function twoFactorChallenge(email: string) {
  const res = await call(login.POST, { body: { email, password: PASSWORD }, ip: "192.0.2.201" });
  return cookieFrom(res.setCookies, "login_challenge")!;
}

/** Valid requests from one client. */
const perClient: Row[] = [
  {
    name: "sign-in failures per client",
    modes: ["proxy"],
    allowed: 30,
    windowSeconds: 900,
    prepare: async (ip) => (i) =>
      json(login.POST, { email: `nobody${i}@example.org`, password: "wrong" }, ip),
  },
  {
    name: "second-factor failures per client",
    modes: ["proxy"],
    allowed: 30,
    windowSeconds: 900,
    prepare: async (ip) => () => json(login2fa.POST, { totp_code: "123456" }, ip),
  },
  {
    name: "reset mails per client",
    modes: ["proxy"],
    allowed: 10,
    windowSeconds: 3600,
    prepare: async (ip) => (i) => json(forgot.POST, { email: `reset${i}@example.org` }, ip),
  },
  {
    name: "password resets per client",
    modes: ["proxy"],
    allowed: 20,
    windowSeconds: 900,
    prepare: async (ip) => (i) =>
      json(
        reset.POST,
        { email: `r${i}@example.org`, reset_token: "not-a-token", new_password: "Whatever-123" },
        ip,
      ),
  },
  {
    name: "panel sign-ups per client",
    modes: ["proxy"],
    allowed: 20,
    windowSeconds: 3600,
    prepare: async (ip) => (i) => json(signup.POST, { email: `member${i}@example.org` }, ip),
  },
  {
    name: "e-mail confirmations per client",
    modes: ["proxy"],
    allowed: 30,
    windowSeconds: 600,
    prepare: async (ip) => () =>
      json(verify.POST, { panel_user_id: 999999, verification_token: "not-a-token" }, ip),
  },
  {
    name: "stop-participation per client",
    modes: ["proxy"],
    allowed: 30,
    windowSeconds: 600,
    prepare: async (ip) => () =>
      json(stop.POST, { panel_user_id: 999999, stop_token: "not-a-token" }, ip),
  },
  {
    name: "survey submissions per client (in memory)",
    modes: ["proxy"],
    allowed: 60,
    windowSeconds: 3600,
    prepare: async (ip) => {
      const { surveyUuid } = await insertStudyWithSurvey();
      return () =>
        call(submit.POST, { body: { answers: validAnswers() }, params: { surveyUuid }, ip });
    },
  },
  {
    name: "token look-ups and deletions per client, one budget",
    modes: ["proxy"],
    allowed: 30,
    windowSeconds: 900,
    prepare: async (ip) => (i) => json(i % 2 ? tokenDelete.POST : tokenLookup.POST, badToken, ip),
  },
];

/** Per account or typed address, whatever the client. */
const perAccount: Row[] = [
  {
    // Per member, not per client: a mail provider posts the one-clicks of all its users.
    name: "one-click unsubscribe per member",
    modes: ["proxy", "direct"],
    allowed: 30,
    windowSeconds: 600,
    prepare: async (ip) => (i) => oneClick(`${ip.slice(0, -1)}${i % 10}`),
  },
  {
    name: "sign-in failures per account",
    modes: ["proxy", "direct"],
    allowed: 5,
    windowSeconds: 900,
    prepare: async (ip) => {
      const { email } = await account();
      return (i) => json(login.POST, { email, password: "wrong" }, `${ip.slice(0, -1)}${i}`);
    },
  },
  {
    // Not a window but a lock: ten wrong codes in a row lock the step for 15 minutes from the
    // tenth (tests/integration/auth/code-lock.test.ts).
    name: "second-factor failures per account, across challenges",
    modes: ["proxy", "direct"],
    allowed: 10,
    windowSeconds: 900,
    retryAfterSeconds: 900,
    prepare: async (ip) => {
      const { email } = await account({ twoFactor: true });
      let challenge = "";
      // A challenge ends after five wrong codes: a new one every four.
      return async (i) => {
        if (i % 4 === 0) challenge = await twoFactorChallenge(email);
        return json(login2fa.POST, { totp_code: `00000${i % 10}` }, `${ip.slice(0, -1)}${i}`, {
          cookie: challenge,
        });
      };
    },
  },
  {
    name: "reset mails per address",
    modes: ["proxy", "direct"],
    allowed: 3,
    windowSeconds: 3600,
    prepare: async (ip) => (i) =>
      json(forgot.POST, { email: "same.address@example.org" }, `${ip.slice(0, -1)}${i}`),
  },
  {
    name: "signed-in password checks per account",
    modes: ["proxy", "direct"],
    allowed: 10,
    windowSeconds: 900,
    prepare: async (ip) => {
      const { cookie } = await signedIn();
      return () =>
        json(
          changePassword.POST,
          { current_password: "not-my-password", new_password: "New-Password-123" },
          ip,
          { cookie },
        );
    },
  },
  {
    name: "panel sign-ups per address",
    modes: ["proxy", "direct"],
    allowed: 5,
    windowSeconds: 3600,
    prepare: async (ip) => (i) =>
      json(signup.POST, { email: "same.member@example.org" }, `${ip.slice(0, -1)}${i}`),
  },
];

/**
 * Malformed requests count against a junk budget per client, before validation. Well-formed ones
 * that passed the per-client rules count toward the site-wide ceiling (sign-in and second
 * factor: failures only); leaving the panel has none.
 */
type Feature = {
  feature: string;
  junk: number;
  /** null: no ceiling at all. */
  siteWide: number | null;
  windowSeconds: number;
  junkCall: (ip: string) => Promise<CallResult>;
  /** A well-formed request; each call comes from an address of its own. */
  prepareValid: () => Promise<(ip: string, i: number) => Promise<CallResult>>;
};
const features: Feature[] = [
  {
    feature: "sign-in",
    junk: 100,
    siteWide: 300,
    windowSeconds: 900,
    junkCall: (ip) => json(login.POST, {}, ip),
    prepareValid: async () => (ip, i) =>
      json(login.POST, { email: `ceiling${i}@example.org`, password: "wrong" }, ip),
  },
  {
    feature: "second factor",
    junk: 100,
    siteWide: 300,
    windowSeconds: 900,
    junkCall: (ip) => json(login2fa.POST, {}, ip),
    prepareValid: async () => (ip) => json(login2fa.POST, { totp_code: "123456" }, ip),
  },
  {
    feature: "reset mails",
    junk: 50,
    siteWide: 200,
    windowSeconds: 3600,
    junkCall: (ip) => json(forgot.POST, {}, ip),
    prepareValid: async () => (ip, i) =>
      json(forgot.POST, { email: `ceiling${i}@example.org` }, ip),
  },
  {
    feature: "password reset",
    junk: 60,
    siteWide: 300,
    windowSeconds: 900,
    junkCall: (ip) => json(reset.POST, {}, ip),
    prepareValid: async () => (ip, i) =>
      json(
        reset.POST,
        { email: `c${i}@example.org`, reset_token: "not-a-token", new_password: "Whatever-123" },
        ip,
      ),
  },
  {
    feature: "panel sign-up",
    junk: 60,
    siteWide: 500,
    windowSeconds: 3600,
    junkCall: (ip) => json(signup.POST, {}, ip),
    prepareValid: async () => (ip, i) =>
      json(signup.POST, { email: `ceiling${i}.${mode}@example.org` }, ip),
  },
  {
    feature: "e-mail confirmation",
    junk: 90,
    siteWide: 600,
    windowSeconds: 600,
    junkCall: (ip) => json(verify.POST, {}, ip),
    prepareValid: async () => (ip) =>
      json(verify.POST, { panel_user_id: 999999, verification_token: "not-a-token" }, ip),
  },
  {
    feature: "stop-participation",
    junk: 90,
    siteWide: null,
    windowSeconds: 600,
    junkCall: (ip) => json(stop.POST, {}, ip),
    prepareValid: async () => (ip) =>
      json(stop.POST, { panel_user_id: 999999, stop_token: "not-a-token" }, ip),
  },
  {
    feature: "one-click unsubscribe",
    junk: 600,
    siteWide: null,
    windowSeconds: 600,
    junkCall: (ip) => oneClick(ip, "nothing=here"),
    // Many people leaving: each their own member id (one member's own limit is above).
    prepareValid: async () => (ip, i) => oneClick(ip, undefined, 900000 + i),
  },
  {
    feature: "survey submission",
    junk: 200,
    siteWide: 2000,
    windowSeconds: 3600,
    junkCall: (ip) =>
      call(submit.POST, {
        body: {},
        params: { surveyUuid: "3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f" },
        ip,
      }),
    prepareValid: async () => {
      const { surveyUuid } = await insertStudyWithSurvey();
      return (ip) =>
        call(submit.POST, { body: { answers: validAnswers() }, params: { surveyUuid }, ip });
    },
  },
  {
    feature: "token look-up",
    junk: 90,
    siteWide: 300,
    windowSeconds: 900,
    junkCall: (ip) => json(tokenLookup.POST, {}, ip),
    prepareValid: async () => (ip) => json(tokenLookup.POST, badToken, ip),
  },
];

const junkRows: Row[] = features.flatMap((f) => [
  {
    name: `${f.feature}: malformed requests per client`,
    modes: ["proxy"] as Mode[],
    allowed: f.junk,
    windowSeconds: f.windowSeconds,
    prepare: async (ip: string) => () => f.junkCall(ip),
  },
  ...(f.siteWide === null
    ? []
    : [
        {
          name: `${f.feature}: site-wide ceiling`,
          modes: ["proxy", "direct"] as Mode[],
          allowed: f.siteWide,
          windowSeconds: f.windowSeconds,
          parallel: true,
          // Each from its own address: no client's own budget may be what stops them.
          prepare: async () => {
            const block = nextBlock();
            const valid = await f.prepareValid();
            return (i: number) => valid(ipOf(block, i), i);
          },
        },
      ]),
]);

async function expectPinned(row: Row) {
  const next = await row.prepare(ipOf(nextBlock()));
  const statuses: number[] = [];
  const batch = row.parallel ? 25 : 1;
  for (let i = 0; i < row.allowed; i += batch) {
    const calls = Array.from({ length: Math.min(batch, row.allowed - i) }, (_, k) => next(i + k));
    statuses.push(...(await Promise.all(calls)).map((r) => r.status));
  }
  const passed = statuses.filter((s) => s !== 429 && s < 500);
  expect(passed.length, `statuses ${[...new Set(statuses)].join(",")}`).toBe(row.allowed);
  const refused = await next(row.allowed);
  expect(refused.status).toBe(429);
  expect((refused.body as { error: { code: number } }).error.code).toBe(23);
  expect(Number(refused.headers.get("retry-after"))).toBe(
    row.retryAfterSeconds ?? row.windowSeconds - 1,
  );
}

describe(`every rate limit, pinned (TRUST_PROXY=${mode === "proxy" ? 1 : 0})`, () => {
  const rows = [...perClient, ...perAccount, ...junkRows].filter((r) => r.modes.includes(mode));
  it.each(rows.map((r) => [r.name, r] as const))("%s", async (_name, row) => {
    await expectPinned(row);
  });

  // The rows above pin the defaults (RATE_LIMIT_SCALE unset); a scale multiplies each kind of
  // limit, rounded down: per client, per account and site-wide.
  const scaled = [
    "panel sign-ups per client",
    "panel sign-ups per address",
    "reset mails: site-wide ceiling",
    "survey submissions per client (in memory)",
  ]
    .map((name) => rows.find((r) => r.name === name))
    .filter((r): r is Row => r !== undefined);
  it.each(scaled.map((r) => [r.name, r] as const))(
    "RATE_LIMIT_SCALE=2.5 multiplies %s",
    async (_name, row) => {
      await withEnv({ RATE_LIMIT_SCALE: "2.5" }, () =>
        expectPinned({ ...row, allowed: Math.floor(row.allowed * 2.5) }),
      );
    },
  );

  it.runIf(mode === "proxy")(
    "counts a client's malformed requests apart from its budget of valid ones",
    async () => {
      const ip = ipOf(nextBlock());
      const valid = () =>
        json(verify.POST, { panel_user_id: 999999, verification_token: "not-a-token" }, ip);
      for (let i = 0; i < 30; i++) expect((await json(verify.POST, {}, ip)).status).toBe(400);
      for (let i = 0; i < 30; i++) expect((await valid()).status).not.toBe(429);
      expect((await valid()).status).toBe(429);
    },
  );

  it.runIf(mode === "direct")("treats every caller as one unknown client", async () => {
    // With nothing trusted in front, X-Forwarded-For is the client's own word: ignored.
    for (let i = 0; i < 5; i++) {
      const res = await json(
        login.POST,
        { email: "x@example.org", password: "wrong" },
        `10.99.0.${i}`,
      );
      expect(res.status).toBe(401);
    }
    expect(
      (await json(login.POST, { email: "x@example.org", password: "wrong" }, "10.99.1.1")).status,
    ).toBe(429);
  });
});

describe(`leaving the panel (TRUST_PROXY=${mode === "proxy" ? 1 : 0})`, () => {
  it.each(features.filter((f) => f.siteWide === null).map((f) => [f.feature, f] as const))(
    "%s meets no site-wide ceiling, however many people leave at once",
    async (_name, f) => {
      const block = nextBlock();
      const valid = await f.prepareValid();
      for (let i = 0; i < 700; i++) {
        const res = await valid(ipOf(block, i), i);
        expect(res.status, `call ${i}`).not.toBe(429);
      }
    },
  );
});
