import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as resendRoute } from "@/app/api/panel_user/[id]/resend_verification_email/route";
import { POST as verifyRoute } from "@/app/api/panel_user/verify_email/route";
import { quietLogs } from "../../support/auth";
import { call } from "../../support/http";
import { fakeProviderForFile } from "../../support/mailings";
import { memberByEmail, nextIp, signUp, verificationParams } from "../../support/panel";
import { staffWithSession } from "../../support/staff";

// A resend that the provider could not take changes nothing for the member: the link from the
// first mail still confirms them.

quietLogs();

const provider = fakeProviderForFile();
let staff: string;

beforeAll(async () => {
  staff = (await staffWithSession()).cookie;
});
beforeEach(() => provider().reset());

describe("a staff resend while the mail provider is down", () => {
  it("answers 503 code 13 and leaves the member's first link working", async () => {
    const email = "first-link@example.org";
    await signUp(email);
    const first = provider().delivered.filter((m) => m.to.includes(email));
    expect(first).toHaveLength(1);
    const member = (await memberByEmail(email))!;
    const before = member.verificationHash;

    provider().failNext({ status: 500 }, 10);
    const res = await call(resendRoute, {
      path: `/api/panel_user/${member.id}/resend_verification_email`,
      params: { id: String(member.id) },
      body: {},
      cookie: staff,
    });
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe(13);
    expect((await memberByEmail(email))!.verificationHash).toBe(before);

    const verified = await call(verifyRoute, {
      path: "/api/panel_user/verify_email",
      body: verificationParams(first[0] as { html: string }),
      ip: nextIp(),
    });
    expect(verified.status).toBe(200);
  });
});
