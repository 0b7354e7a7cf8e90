import { asc, eq, gt } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { auditLog, sessions } from "@/db/schema";
import { resetTwoFactorByEmail } from "@/lib/auth/staff-admin";
import * as generate2fa from "@/app/api/generate_2fa_secret/route";
import * as enable2fa from "@/app/api/enable_2fa/route";
import * as disable2fa from "@/app/api/disable_2fa/route";
import * as login from "@/app/api/login/route";
import * as reset2fa from "@/app/api/staff/[id]/reset_2fa/route";
import * as study from "@/app/api/study/[id]/route";
import * as publicSurvey from "@/app/api/survey/[surveyUuid]/route";
import * as whoami from "@/app/api/whoami/route";
import {
  callEndpoint,
  discoverEndpoints,
  duplicates,
  publicEndpoints,
} from "../../support/api-endpoints";
import { account, codeAt, PASSWORD, quietLogs, signIn, userRow } from "../../support/auth";
import { withEnv } from "../../support/config";
import { call } from "../../support/http";
import { insertStudy } from "../../support/studies";

quietLogs();

/**
 * The staff calls an account without two-factor may still make under
 * STAFF_TWO_FACTOR=required (DESIGN §4). Logging in and out are public and reachable anyway.
 * Every other endpoint that is not public must answer 403 code 30.
 */
const setupList = [
  "GET /api/whoami",
  "GET /api/generate_2fa_secret",
  "POST /api/enable_2fa",
  "POST /api/change_password",
  "DELETE /api/delete_account",
];

const endpoints = await discoverEndpoints();
const staffCalls = endpoints.filter((e) => !publicEndpoints.has(e.key));
const refused = staffCalls.filter((e) => !setupList.includes(e.key));
const setupCalls = staffCalls.filter((e) => setupList.includes(e.key));

const required = <T>(work: () => Promise<T>) => withEnv({ STAFF_TWO_FACTOR: "required" }, work);
const optional = <T>(work: () => Promise<T>) => withEnv({ STAFF_TWO_FACTOR: "optional" }, work);

const CODE_30 = {
  error: {
    code: 30,
    message: "Two-factor authentication is required; set it up on your account page first",
  },
};

/** Sets two-factor up through the API with the session `cookie`; answers the enable response. */
async function setUpTwoFactor(cookie: string) {
  const secret = await call(generate2fa.GET, { cookie });
  expect(secret.status).toBe(200);
  const totp_code = await codeAt(secret.body.totp_secret, new Date());
  return call(enable2fa.POST, {
    cookie,
    body: { totp_secret: secret.body.totp_secret, totp_code },
  });
}

describe("the table of calls allowed before two-factor is set up", () => {
  it("names each endpoint once, and only endpoints a route file exports for staff", () => {
    expect(duplicates(setupList)).toEqual([]);
    const staffKeys = new Set(staffCalls.map((e) => e.key));
    expect(setupList.filter((key) => !staffKeys.has(key))).toEqual([]);
    expect(setupCalls).toHaveLength(setupList.length);
    expect(refused.map((e) => e.key)).toContain("POST /api/disable_2fa");
    expect(refused.map((e) => e.key)).toContain("GET /api/study");
    expect(refused.length).toBeGreaterThan(30);
  });
});

describe("STAFF_TWO_FACTOR=required, an account without two-factor", () => {
  it("is told so at sign-in and by whoami", async () => {
    const { email, user } = await account({ admin: true });
    await required(async () => {
      const res = await call(login.POST, { body: { email, password: PASSWORD } });
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({ id: user.id, two_factor_setup_required: true });
      const cookie = await signIn(email);
      const me = await call(whoami.GET, { cookie });
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ two_factor_enabled: false, two_factor_setup_required: true });
    });
  });

  it.each(refused.map((e) => [e.key, e] as const))(
    "%s answers 403 code 30, and not once two-factor is on",
    async (_key, e) => {
      const { email } = await account({ admin: true });
      await required(async () => {
        const cookie = await signIn(email);
        const before = await callEndpoint(e, cookie);
        expect(before.status).toBe(403);
        expect(before.body).toEqual(CODE_30);
        if (e.key === "POST /api/disable_2fa") return; // refused with two-factor too (below)
        expect((await setUpTwoFactor(cookie)).status).toBe(200);
        const after = await callEndpoint(e, cookie);
        expect(after.body?.error?.code).not.toBe(30);
        expect(after.status).not.toBe(401);
      });
    },
  );

  it.each(setupCalls.map((e) => [e.key, e] as const))(
    "%s is reachable (no code 30)",
    async (_key, e) => {
      const { email } = await account({ admin: true });
      await required(async () => {
        const cookie = await signIn(email);
        const res = await callEndpoint(e, cookie);
        expect(res.body?.error?.code).not.toBe(30);
        expect(res.status).not.toBe(401);
      });
    },
  );

  it("holds sessions begun before the policy to it, and enable_2fa frees the session at once", async () => {
    const { email, user } = await account();
    const cookie = await optional(() => signIn(email));
    await required(async () => {
      expect((await call(study.GET, { cookie, params: { id: "1" } })).status).toBe(404);
      const list = await callEndpoint(
        endpoints.find((e) => e.key === "GET /api/study")!,
        cookie,
      );
      expect(list.body).toEqual(CODE_30);
      const enabled = await setUpTwoFactor(cookie);
      expect(enabled.status).toBe(200);
      expect(enabled.body).toMatchObject({ id: user.id, two_factor_enabled: true });
      expect(enabled.body.two_factor_setup_required).toBe(false);
      const again = await callEndpoint(
        endpoints.find((e) => e.key === "GET /api/study")!,
        cookie,
      );
      expect(again.status).toBe(200);
    });
  });

  it("sees public routes as anyone does: no staff view of a study or a survey preview", async () => {
    const draft = await insertStudy({ name: "Draft", status: "not_started" });
    const { email } = await account();
    await required(async () => {
      const cookie = await signIn(email);
      const read = await call(study.GET, { cookie, params: { id: String(draft.id) } });
      expect(read.status).toBe(404);
      expect(read.body.error.code).toBe(14);
      const preview = await call(publicSurvey.GET, {
        cookie,
        path: `/api/survey/${draft.surveyUuid}?preview=1`,
        params: { surveyUuid: draft.surveyUuid! },
      });
      expect(preview.status).toBe(409);
      expect(preview.body.error.code).toBe(20);
    });
    const cookie = await signIn(email);
    const staffRead = await call(study.GET, { cookie, params: { id: String(draft.id) } });
    expect(staffRead.status).toBe(200);
  });

  it("cannot turn two-factor off once it is on (403 code 30); under optional it can", async () => {
    const { email, user, secret } = await account({ twoFactor: true });
    const db = await getDb();
    const { createSession, sessionCookieName } = await import("@/lib/auth/session");
    const { token } = await createSession(user.id);
    const cookie = `${sessionCookieName()}=${token}`;
    const totp_code = await codeAt(secret!, new Date());
    await required(async () => {
      const res = await call(disable2fa.POST, { cookie, body: { totp_code } });
      expect(res.status).toBe(403);
      expect(res.body).toEqual(CODE_30);
      expect((await userRow(user.id)).twoFactorEnabled).toBe(true);
    });
    await optional(async () => {
      const res = await call(disable2fa.POST, { cookie, body: { totp_code } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ email, two_factor_enabled: false });
      expect(res.body.two_factor_setup_required).toBe(false);
    });
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
  });

  it("is where an admin's reset leaves someone, and the server-side reset too", async () => {
    const admin = await account({ admin: true, twoFactor: true });
    const target = await account({ twoFactor: true });
    const { createSession, sessionCookieName } = await import("@/lib/auth/session");
    const adminCookie = `${sessionCookieName()}=${(await createSession(admin.user.id)).token}`;
    await required(async () => {
      const res = await call(reset2fa.POST, {
        cookie: adminCookie,
        params: { id: String(target.user.id) },
        body: { password: PASSWORD },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        two_factor_enabled: false,
        two_factor_setup_required: true,
      });
      const cookie = await signIn(target.email);
      const list = await callEndpoint(
        endpoints.find((e) => e.key === "GET /api/study")!,
        cookie,
      );
      expect(list.body).toEqual(CODE_30);

      // The server-side reset (npm run staff:reset-2fa) of the admin: signed out everywhere,
      // two-factor off, one audit row without an actor; afterwards they too must set it up.
      // Rows in the order they were written: a select without an order has none on Postgres.
      const writtenSince = async (afterId: number) =>
        (await getDb())
          .select()
          .from(auditLog)
          .where(gt(auditLog.id, afterId))
          .orderBy(asc(auditLog.id));
      const lastBefore = (await writtenSince(0)).at(-1)?.id ?? 0;
      const reset = await resetTwoFactorByEmail(admin.email.toUpperCase());
      expect(reset).toMatchObject({ id: admin.user.id, twoFactorEnabled: false, totpSecret: null });
      expect((await call(whoami.GET, { cookie: adminCookie })).status).toBe(401);
      expect(await writtenSince(lastBefore)).toMatchObject([
        {
          action: "two_factor_reset",
          actorId: null,
          actorEmail: null,
          targetType: "staff",
          targetId: admin.user.id,
        },
      ]);
      const adminAgain = await signIn(admin.email);
      const me = await call(whoami.GET, { cookie: adminAgain });
      expect(me.body.two_factor_setup_required).toBe(true);
    });
    await expect(resetTwoFactorByEmail("nobody@example.org")).rejects.toMatchObject({ code: 12 });
  });
});

describe("STAFF_TWO_FACTOR=optional", () => {
  it.each(refused.map((e) => [e.key, e] as const))(
    "%s does not refuse an account without two-factor with code 30",
    async (_key, e) => {
      const { email } = await account({ admin: true });
      await optional(async () => {
        const cookie = await signIn(email);
        const res = await callEndpoint(e, cookie);
        expect(res.body?.error?.code).not.toBe(30);
        expect(res.status).not.toBe(401);
      });
    },
  );

  it("reports no setup to do", async () => {
    const { email } = await account();
    await optional(async () => {
      const cookie = await signIn(email);
      const me = await call(whoami.GET, { cookie });
      expect(me.body).toMatchObject({
        two_factor_enabled: false,
        two_factor_setup_required: false,
      });
    });
  });
});
