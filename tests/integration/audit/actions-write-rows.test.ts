import { afterAll, describe, expect, it } from "vitest";
import * as changePassword from "@/app/api/change_password/route";
import * as deleteAccount from "@/app/api/delete_account/route";
import * as disable2fa from "@/app/api/disable_2fa/route";
import * as enable2fa from "@/app/api/enable_2fa/route";
import * as generate2fa from "@/app/api/generate_2fa_secret/route";
import * as login from "@/app/api/login/route";
import * as login2fa from "@/app/api/login_2fa/route";
import * as cancelMessage from "@/app/api/panel_message/[id]/cancel/route";
import * as messageItem from "@/app/api/panel_message/[id]/route";
import * as sendMessage from "@/app/api/panel_message/[id]/send/route";
import * as testMessage from "@/app/api/panel_message/[id]/test/route";
import * as clearBounce from "@/app/api/panel_user/[id]/clear_bounce/route";
import * as panelUser from "@/app/api/panel_user/[id]/route";
import * as resetPassword from "@/app/api/reset_password/route";
import * as signOutOthers from "@/app/api/sign_out_others/route";
import * as reset2fa from "@/app/api/staff/[id]/reset_2fa/route";
import * as staffItem from "@/app/api/staff/[id]/route";
import * as staffList from "@/app/api/staff/route";
import * as duplicateStudy from "@/app/api/study/[id]/duplicate/route";
import * as attachmentItem from "@/app/api/study/[id]/attachments/[attachmentId]/route";
import * as exportRoute from "@/app/api/study/[id]/responses/export/route";
import * as studyItem from "@/app/api/study/[id]/route";
import * as studyList from "@/app/api/study/route";
import { AUDIT_ACTIONS, auditActionSpecs, type AuditAction } from "@/lib/audit/actions.shared";
import { issueSetPasswordToken } from "@/lib/auth/password-reset";
import { createSession, sessionCookieName } from "@/lib/auth/session";
import { upload } from "../../support/attachments";
import { auditRows, chainHead } from "../../support/audit";
import { account, codeAt, PASSWORD, quietLogs, signIn } from "../../support/auth";
import { pdfBytes } from "../../support/files";
import { call } from "../../support/http";
import { deliveryDone, draft, insertMember, insertMembers, waitFor } from "../../support/mailings";
import { bounce, postEvent } from "../../support/provider-events";
import { addAttachmentRow } from "../../support/studies-admin";

quietLogs();
afterAll(() => waitFor(deliveryDone, 20_000, "deliveries to finish"));

/** The actions the design lists for the audit log, each of which the portal has. */
const DESIGN_ACTIONS = [
  "sign_in",
  "sign_in_failed",
  "sign_out_everywhere",
  "password_changed",
  "password_reset",
  "two_factor_enabled",
  "two_factor_disabled",
  "two_factor_reset",
  "staff_invited",
  "staff_removed",
  "admin_granted",
  "admin_revoked",
  "account_deleted",
  "study_created",
  "study_status_changed",
  "study_deleted",
  "study_duplicated",
  "responses_exported",
  "attachment_uploaded",
  "attachment_deleted",
  "panel_member_deleted",
  "message_test_sent",
  "message_sent",
  "message_deleted",
  "message_scheduled",
  "message_cancelled",
  "member_suppressed",
  "member_bounce_cleared",
];

/** Who the new row must name: the acting account's id (or null) and the target's id. */
type Expected = { actor: number | null; target: number | null };
/** Prepares what the action needs (rows written then do not count) and returns the action. */
type Case = () => Promise<() => Promise<Expected>>;

let ipCounter = 0;
const nextIp = () => `198.51.100.${(ipCounter += 1)}`;

async function admin() {
  const a = await account({ admin: true });
  return { ...a, cookie: await signIn(a.email, PASSWORD, nextIp()) };
}
async function staff(o: { twoFactor?: boolean } = {}) {
  const a = await account(o);
  // A session made directly: signing in with two-factor on needs the code step.
  const { token } = await createSession(a.user.id);
  return { ...a, cookie: `${sessionCookieName()}=${token}` };
}
const idPath = (base: string, id: number, suffix = "") => ({
  path: `${base}/${id}${suffix}`,
  params: { id: String(id) },
});
function ok<T extends { status: number; text: string }>(res: T): T {
  expect(res.status, res.text).toBe(200);
  return res;
}
async function newStudy(cookie: string): Promise<number> {
  return ok(await call(studyList.POST, { path: "/api/study", body: {}, cookie })).body.id;
}

const cases: Record<AuditAction, Case> = {
  sign_in: async () => {
    const { user, email } = await account();
    return async () => {
      ok(await call(login.POST, { body: { email, password: PASSWORD }, ip: nextIp() }));
      return { actor: user.id, target: user.id };
    };
  },
  sign_in_failed: async () => {
    const { user, email } = await account();
    return async () => {
      const res = await call(login.POST, {
        body: { email, password: "Not-The-Password-1" },
        ip: nextIp(),
      });
      expect(res.status).toBe(401);
      return { actor: user.id, target: user.id };
    };
  },
  sign_out_everywhere: async () => {
    const { user, cookie } = await staff();
    return async () => {
      ok(await call(signOutOthers.POST, { body: {}, cookie }));
      return { actor: user.id, target: user.id };
    };
  },
  password_changed: async () => {
    const { user, cookie } = await staff();
    return async () => {
      ok(
        await call(changePassword.POST, {
          body: { current_password: PASSWORD, new_password: "Another-Horse-42" },
          cookie,
        }),
      );
      return { actor: user.id, target: user.id };
    };
  },
  password_reset: async () => {
    const { user, email } = await account();
    const token = await issueSetPasswordToken(user.id, "reset");
    return async () => {
      ok(
        await call(resetPassword.POST, {
          body: { email, reset_token: token, new_password: "Another-Horse-42" },
          ip: nextIp(),
        }),
      );
      return { actor: user.id, target: user.id };
    };
  },
  two_factor_enabled: async () => {
    const { user, cookie } = await staff();
    const secret = ok(await call(generate2fa.GET, { cookie })).body.totp_secret as string;
    return async () => {
      const totp_code = await codeAt(secret, new Date());
      ok(await call(enable2fa.POST, { body: { totp_secret: secret, totp_code }, cookie }));
      return { actor: user.id, target: user.id };
    };
  },
  two_factor_disabled: async () => {
    const { user, cookie, secret } = await staff({ twoFactor: true });
    return async () => {
      const totp_code = await codeAt(secret!, new Date());
      ok(await call(disable2fa.POST, { body: { totp_code }, cookie }));
      return { actor: user.id, target: user.id };
    };
  },
  two_factor_reset: async () => {
    const by = await admin();
    const { user } = await account({ twoFactor: true });
    return async () => {
      ok(
        await call(reset2fa.POST, {
          ...idPath("/api/staff", user.id, "/reset_2fa"),
          body: { password: PASSWORD },
          cookie: by.cookie,
        }),
      );
      return { actor: by.user.id, target: user.id };
    };
  },
  staff_invited: async () => {
    const by = await admin();
    return async () => {
      const res = ok(
        await call(staffList.POST, {
          path: "/api/staff",
          body: { email: `invited-${nextIp()}@example.org`, name: "New" },
          cookie: by.cookie,
        }),
      );
      return { actor: by.user.id, target: res.body.id };
    };
  },
  staff_removed: async () => {
    const by = await admin();
    const { user } = await account();
    return async () => {
      ok(
        await call(staffItem.DELETE, {
          method: "DELETE",
          ...idPath("/api/staff", user.id),
          body: { password: PASSWORD },
          cookie: by.cookie,
        }),
      );
      return { actor: by.user.id, target: user.id };
    };
  },
  admin_granted: async () => {
    const by = await admin();
    const { user } = await account();
    return async () => {
      ok(
        await call(staffItem.PUT, {
          method: "PUT",
          ...idPath("/api/staff", user.id),
          body: { is_admin: true, password: PASSWORD },
          cookie: by.cookie,
        }),
      );
      return { actor: by.user.id, target: user.id };
    };
  },
  admin_revoked: async () => {
    const by = await admin();
    const { user } = await account({ admin: true });
    return async () => {
      ok(
        await call(staffItem.PUT, {
          method: "PUT",
          ...idPath("/api/staff", user.id),
          body: { is_admin: false },
          cookie: by.cookie,
        }),
      );
      return { actor: by.user.id, target: user.id };
    };
  },
  account_deleted: async () => {
    const { user, cookie } = await staff();
    return async () => {
      ok(
        await call(deleteAccount.DELETE, {
          method: "DELETE",
          path: "/api/delete_account",
          body: { password: PASSWORD },
          cookie,
        }),
      );
      return { actor: user.id, target: user.id };
    };
  },
  study_created: async () => {
    const { user, cookie } = await staff();
    return async () => ({ actor: user.id, target: await newStudy(cookie) });
  },
  study_status_changed: async () => {
    const { user, cookie } = await staff();
    const id = await newStudy(cookie);
    return async () => {
      ok(
        await call(studyItem.PUT, {
          method: "PUT",
          ...idPath("/api/study", id),
          body: { status: "open" },
          cookie,
        }),
      );
      return { actor: user.id, target: id };
    };
  },
  study_deleted: async () => {
    const by = await admin();
    const id = await newStudy(by.cookie);
    return async () => {
      ok(
        await call(studyItem.DELETE, {
          method: "DELETE",
          ...idPath("/api/study", id),
          cookie: by.cookie,
        }),
      );
      return { actor: by.user.id, target: id };
    };
  },
  study_duplicated: async () => {
    const { user, cookie } = await staff();
    const source = await newStudy(cookie);
    return async () => {
      const res = ok(
        await call(duplicateStudy.POST, {
          ...idPath("/api/study", source, "/duplicate"),
          body: {},
          cookie,
        }),
      );
      return { actor: user.id, target: res.body.id };
    };
  },
  responses_exported: async () => {
    const { user, cookie } = await staff();
    const id = await newStudy(cookie);
    return async () => {
      ok(
        await call(exportRoute.GET, {
          path: `/api/study/${id}/responses/export?format=csv`,
          params: { id: String(id) },
          cookie,
        }),
      );
      return { actor: user.id, target: id };
    };
  },
  attachment_uploaded: async () => {
    const { user, cookie } = await staff();
    const id = await newStudy(cookie);
    return async () => {
      const res = ok(await upload(id, pdfBytes("audit"), "info.pdf", { cookie }));
      return { actor: user.id, target: (res.body as { id: number }).id };
    };
  },
  attachment_deleted: async () => {
    const { user, cookie } = await staff();
    const id = await newStudy(cookie);
    const attachmentId = await addAttachmentRow(id);
    return async () => {
      ok(
        await call(attachmentItem.DELETE, {
          method: "DELETE",
          path: `/api/study/${id}/attachments/${attachmentId}`,
          params: { id: String(id), attachmentId: String(attachmentId) },
          cookie,
        }),
      );
      return { actor: user.id, target: attachmentId };
    };
  },
  panel_member_deleted: async () => {
    const by = await admin();
    const member = await insertMember(`leaving-${nextIp()}@example.org`);
    return async () => {
      ok(
        await call(panelUser.DELETE, {
          method: "DELETE",
          ...idPath("/api/panel_user", member.id),
          cookie: by.cookie,
        }),
      );
      return { actor: by.user.id, target: member.id };
    };
  },
  message_test_sent: async () => {
    const { user, cookie } = await staff();
    const message = await draft(cookie, { subject: "Test" });
    return async () => {
      ok(
        await call(testMessage.POST, {
          ...idPath("/api/panel_message", message.id, "/test"),
          body: {},
          cookie,
        }),
      );
      return { actor: user.id, target: message.id };
    };
  },
  message_sent: async () => {
    const by = await admin();
    await insertMembers(2);
    const message = await draft(by.cookie, { subject: "Now" });
    return async () => {
      ok(
        await call(sendMessage.POST, {
          ...idPath("/api/panel_message", message.id, "/send"),
          body: {},
          cookie: by.cookie,
        }),
      );
      return { actor: by.user.id, target: message.id };
    };
  },
  message_deleted: async () => {
    const { user, cookie } = await staff();
    const message = await draft(cookie, { subject: "Gone" });
    return async () => {
      ok(
        await call(messageItem.DELETE, {
          method: "DELETE",
          ...idPath("/api/panel_message", message.id),
          cookie,
        }),
      );
      return { actor: user.id, target: message.id };
    };
  },
  message_scheduled: async () => {
    const by = await admin();
    await insertMembers(1);
    const message = await draft(by.cookie, { subject: "Later" });
    return async () => {
      ok(
        await call(sendMessage.POST, {
          ...idPath("/api/panel_message", message.id, "/send"),
          body: { send_at: Math.floor(Date.now() / 1000) + 3600 },
          cookie: by.cookie,
        }),
      );
      return { actor: by.user.id, target: message.id };
    };
  },
  message_cancelled: async () => {
    const by = await admin();
    await insertMembers(1);
    const message = await draft(by.cookie, { subject: "Not after all" });
    ok(
      await call(sendMessage.POST, {
        ...idPath("/api/panel_message", message.id, "/send"),
        body: { send_at: Math.floor(Date.now() / 1000) + 3600 },
        cookie: by.cookie,
      }),
    );
    return async () => {
      ok(
        await call(cancelMessage.POST, {
          ...idPath("/api/panel_message", message.id, "/cancel"),
          body: {},
          cookie: by.cookie,
        }),
      );
      return { actor: by.user.id, target: message.id };
    };
  },
  member_suppressed: async () => {
    const email = `bouncing-${nextIp()}@example.org`;
    const member = await insertMember(email);
    return async () => {
      ok(await postEvent(bounce(email)));
      return { actor: null, target: member.id };
    };
  },
  member_bounce_cleared: async () => {
    const { user, cookie } = await staff();
    const email = `bounced-${nextIp()}@example.org`;
    const member = await insertMember(email);
    ok(await postEvent(bounce(email)));
    return async () => {
      ok(
        await call(clearBounce.POST, {
          ...idPath("/api/panel_user", member.id, "/clear_bounce"),
          body: {},
          cookie,
        }),
      );
      return { actor: user.id, target: member.id };
    };
  },
};

describe("the table of audited actions", () => {
  it("has one row for every action the log knows, and those are the design's list", () => {
    expect(Object.keys(cases).sort()).toEqual([...AUDIT_ACTIONS].sort());
    expect([...AUDIT_ACTIONS].sort()).toEqual([...DESIGN_ACTIONS].sort());
  });
});

describe("every staff action writes exactly one audit row, in its own words", () => {
  it.each(AUDIT_ACTIONS)("%s", async (action) => {
    const act = await cases[action]();
    const before = (await chainHead()).lastId;
    const expected = await act();
    const written = (await auditRows()).filter((row) => row.id > before);
    expect(written.map((row) => row.action)).toEqual([action]);
    const spec = auditActionSpecs[action];
    expect(written[0]).toMatchObject({
      actorId: expected.actor,
      targetType: expected.target === null ? null : spec.target,
      targetId: expected.target,
    });
    expect(spec.details.safeParse(written[0].details).success).toBe(true);
  });
});

describe("sign-in failures", () => {
  it("name nobody when the typed address belongs to no account, and never the address", async () => {
    const before = (await chainHead()).lastId;
    const typed = "nobody-here@example.org";
    const res = await call(login.POST, {
      body: { email: typed, password: "Some-Guess-123" },
      ip: nextIp(),
    });
    expect(res.status).toBe(401);
    const written = (await auditRows()).filter((row) => row.id > before);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      action: "sign_in_failed",
      actorId: null,
      actorEmail: null,
      targetType: null,
      targetId: null,
      details: { step: "password" },
    });
    expect(JSON.stringify(written)).not.toContain(typed);
  });

  it("a wrong second-factor code names the account; the right one writes sign_in with two_factor", async () => {
    const { user, email, secret } = await account({ twoFactor: true });
    const before = (await chainHead()).lastId;
    const step = await call(login.POST, { body: { email, password: PASSWORD }, ip: nextIp() });
    expect(step.status).toBe(200);
    const challenge = step.setCookies.find((c) => c.startsWith("login_challenge="))!.split(";")[0];
    const right = await codeAt(secret!, new Date());
    const wrong = right === "000000" ? "111111" : "000000";
    const ip = nextIp();
    const refused = await call(login2fa.POST, {
      body: { totp_code: wrong },
      cookie: challenge,
      ip,
    });
    expect(refused.status).not.toBe(200);
    ok(await call(login2fa.POST, { body: { totp_code: right }, cookie: challenge, ip }));
    const written = (await auditRows()).filter((row) => row.id > before);
    expect(written.map((r) => [r.action, r.actorId, r.targetId, r.details])).toEqual([
      ["sign_in_failed", user.id, user.id, { step: "code" }],
      ["sign_in", user.id, user.id, { two_factor: true }],
    ]);
  });
});
