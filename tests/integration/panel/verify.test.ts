import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { POST as verifyRoute } from "@/app/api/panel_user/verify_email/route";
import { getDb } from "@/db/client";
import { panelUsers } from "@/db/schema";
import { clearMemoryOutbox } from "@/lib/mail/transports/memory";
import { verifyEmail } from "@/lib/panel/verify";
import { call } from "../../support/http";
import { lastMailTo, memberByEmail, nextIp, signUp, verificationParams } from "../../support/panel";
import { stopClock } from "../../support/clock";

beforeEach(() => clearMemoryOutbox());

function verify(body: unknown, ip = nextIp()) {
  return call(verifyRoute, { path: "/api/panel_user/verify_email", body, ip });
}

async function pendingMember(email: string) {
  await signUp(email);
  return verificationParams(lastMailTo(email));
}

describe("POST /api/panel_user/verify_email", () => {
  it("confirms the member and records when", async () => {
    const params = await pendingMember("verify-ok@example.org");
    const res = await verify(params);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    const member = await memberByEmail("verify-ok@example.org");
    expect(member!.isVerified).toBe(true);
    expect(member!.verifiedAt).toBeInstanceOf(Date);
  });

  it("answers 200 again when the link is used a second time, and the member stays confirmed", async () => {
    const params = await pendingMember("verify-twice@example.org");
    expect((await verify(params)).status).toBe(200);
    const firstVerifiedAt = (await memberByEmail("verify-twice@example.org"))!.verifiedAt;
    const again = await verify(params);
    expect(again.status).toBe(200);
    const member = await memberByEmail("verify-twice@example.org");
    expect(member!.isVerified).toBe(true);
    expect(member!.verifiedAt).toEqual(firstVerifiedAt);
  });

  it("still refuses a wrong token for a confirmed member (code 7)", async () => {
    const params = await pendingMember("verify-confirmed-wrong@example.org");
    await verify(params);
    const res = await verify({ ...params, verification_token: "a".repeat(32) });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(7);
  });

  it("refuses a wrong token with code 7 and changes nothing", async () => {
    const params = await pendingMember("verify-wrong@example.org");
    const res = await verify({ ...params, verification_token: "b".repeat(32) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: { code: 7, message: "Could not verify the email with this token" },
    });
    expect((await memberByEmail("verify-wrong@example.org"))!.isVerified).toBe(false);
  });

  it("refuses an unknown member with code 7, like a wrong token", async () => {
    const params = await pendingMember("verify-unknown@example.org");
    const res = await verify({ ...params, panel_user_id: 999_999 });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(7);
  });

  it("refuses the right token after 48 hours with code 6", async () => {
    const params = await pendingMember("verify-expired@example.org");
    const db = await getDb();
    await db
      .update(panelUsers)
      .set({ verificationExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(panelUsers.email, "verify-expired@example.org"));
    const res = await verify(params);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 6, message: "The token has expired" } });
    expect((await memberByEmail("verify-expired@example.org"))!.isVerified).toBe(false);
    // A wrong token on an expired link is still just wrong.
    const wrong = await verify({ ...params, verification_token: "c".repeat(32) });
    expect(wrong.body.error.code).toBe(7);
  });

  it("counts the link as expired from the very moment its 48 hours end", async () => {
    const params = await pendingMember("verify-boundary@example.org");
    const member = (await memberByEmail("verify-boundary@example.org"))!;
    const expiresAt = member.verificationExpiresAt!;
    const id = Number(params.panel_user_id);
    await expect(
      verifyEmail(id, params.verification_token, new Date(expiresAt.getTime())),
    ).rejects.toMatchObject({ code: 6 });
    await verifyEmail(id, params.verification_token, new Date(expiresAt.getTime() - 1));
    expect((await memberByEmail("verify-boundary@example.org"))!.isVerified).toBe(true);
  });

  it("accepts the id as a number or as digits, and refuses malformed input with code 22", async () => {
    const params = await pendingMember("verify-shape@example.org");
    expect((await verify({ ...params, panel_user_id: Number(params.panel_user_id) })).status).toBe(
      200,
    );
    for (const body of [
      {},
      { panel_user_id: params.panel_user_id },
      { panel_user_id: "abc", verification_token: params.verification_token },
      { panel_user_id: 0, verification_token: params.verification_token },
      { panel_user_id: 1.5, verification_token: params.verification_token },
      { panel_user_id: params.panel_user_id, verification_token: "" },
      { panel_user_id: params.panel_user_id, verification_token: "x".repeat(500) },
    ]) {
      const res = await verify(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe(22);
    }
  });

  it("is rate limited per client", async () => {
    stopClock();
    const statuses = [];
    for (let i = 0; i < 31; i++) {
      statuses.push(
        (await verify({ panel_user_id: 1, verification_token: "x" }, "192.0.2.99")).status,
      );
    }
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
