import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as login from "@/app/api/login/route";
import * as sendMessage from "@/app/api/panel_message/[id]/send/route";
import * as testMessage from "@/app/api/panel_message/[id]/test/route";
import * as clearBounce from "@/app/api/panel_user/[id]/clear_bounce/route";
import * as panelUser from "@/app/api/panel_user/[id]/route";
import * as stopRoute from "@/app/api/panel_user/stop_participation/route";
import * as verifyRoute from "@/app/api/panel_user/verify_email/route";
import * as staffList from "@/app/api/staff/route";
import * as exportRoute from "@/app/api/study/[id]/responses/export/route";
import * as studyItem from "@/app/api/study/[id]/route";
import * as studyList from "@/app/api/study/route";
import * as submitRoute from "@/app/api/survey/[surveyUuid]/submit/route";
import * as deleteOwn from "@/app/api/survey/response/delete/route";
import * as lookupOwn from "@/app/api/survey/response/lookup/route";
import { getDb } from "@/db/client";
import { verifyAuditChain } from "@/lib/audit/verify";
import { memoryOutbox } from "@/lib/mail/transports/memory";
import { rawRows, tamper } from "../../support/audit";
import { account, PASSWORD, quietLogs } from "../../support/auth";
import { call, cookieFrom } from "../../support/http";
import { deliveryDone, draft, waitFor } from "../../support/mailings";
import {
  lastMailTo,
  memberByEmail,
  nextIp,
  signUp,
  stopParams,
  verificationParams,
} from "../../support/panel";
import { bounce, postEvent } from "../../support/provider-events";
import { insertStudyWithSurvey, validAnswers } from "../../support/survey";

quietLogs();

const MEMBERS = ["journey-a@example.org", "journey-b@example.org", "journey-c@example.org"];
const TYPED_UNKNOWN = "typed-at-sign-in@example.org";
const SUBJECT = "Journey subject 5b1e";
const BODY = "<p>Journey body text 9c2d</p>";

function ok<T extends { status: number; text: string }>(res: T): T {
  expect(res.status, res.text).toBe(200);
  return res;
}

/** Every value carried by a link in any mail sent (query or fragment): tokens, ids, nonces. */
function linkSecrets(): string[] {
  const values: string[] = [];
  for (const mail of memoryOutbox()) {
    for (const [, href] of `${mail.html ?? ""}`.matchAll(/href="([^"]+)"/g)) {
      const url = new URL(href.replace(/&amp;/g, "&"));
      for (const params of [url.searchParams, new URLSearchParams(url.hash.slice(1))]) {
        for (const value of params.values()) if (value.length >= 16) values.push(value);
      }
    }
  }
  return values;
}

async function dump(): Promise<string> {
  const rows = await rawRows<{ row: string }>(
    sql`select to_jsonb(t)::text as row from audit_log t order by id`,
  );
  return rows.map((r) => r.row).join("\n");
}

describe("the audit table after a full journey", () => {
  it("holds the staff actions and no member address, answer, token or message text", async () => {
    // Staff sign in; someone types an address that has no account.
    const admin = await account({ admin: true });
    const signedIn = ok(
      await call(login.POST, { body: { email: admin.email, password: PASSWORD }, ip: nextIp() }),
    );
    const cookie = cookieFrom(signedIn.setCookies, "session")!;
    const refused = await call(login.POST, {
      body: { email: TYPED_UNKNOWN, password: "Some-Guess-123" },
      ip: nextIp(),
    });
    expect(refused.status).toBe(401);

    // Participants sign up, verify, one leaves again.
    for (const email of MEMBERS) {
      ok(await signUp(email));
      ok(
        await call(verifyRoute.POST, {
          path: "/api/panel_user/verify_email",
          body: verificationParams(lastMailTo(email)),
          ip: nextIp(),
        }),
      );
    }
    // Participants answer a study, look their answers up and delete one.
    const { studyId, surveyUuid } = await insertStudyWithSurvey({ name: "Journey study" });
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = ok(
        await call(submitRoute.POST, {
          path: `/api/survey/${surveyUuid}/submit`,
          params: { surveyUuid },
          body: { answers: validAnswers() },
          ip: nextIp(),
        }),
      );
      tokens.push(res.body.token as string);
    }
    ok(
      await call(lookupOwn.POST, {
        path: "/api/survey/response/lookup",
        body: { token: tokens[0] },
        ip: nextIp(),
      }),
    );
    ok(
      await call(deleteOwn.POST, {
        path: "/api/survey/response/delete",
        body: { token: tokens[1] },
        ip: nextIp(),
      }),
    );

    // Staff work: a study, an export, a message tested and sent, staff invited.
    const created = ok(await call(studyList.POST, { path: "/api/study", body: {}, cookie }));
    ok(
      await call(studyItem.PUT, {
        method: "PUT",
        path: `/api/study/${created.body.id}`,
        params: { id: String(created.body.id) },
        body: { status: "open" },
        cookie,
      }),
    );
    ok(
      await call(exportRoute.GET, {
        path: `/api/study/${studyId}/responses/export?format=csv`,
        params: { id: String(studyId) },
        cookie,
      }),
    );
    const message = await draft(cookie, { subject: SUBJECT, body: BODY });
    const at = (suffix: string) => ({
      path: `/api/panel_message/${message.id}${suffix}`,
      params: { id: String(message.id) },
    });
    ok(await call(testMessage.POST, { ...at("/test"), body: {}, cookie }));
    ok(await call(sendMessage.POST, { ...at("/send"), body: {}, cookie }));
    await waitFor(deliveryDone, 20_000, "deliveries to finish");
    ok(
      await call(staffList.POST, {
        path: "/api/staff",
        body: { email: "new-colleague@example.org", name: "Colleague" },
        cookie,
      }),
    );

    // A member leaves by their stop link; the provider reports a bounce; staff clear it and
    // remove the last member.
    ok(
      await call(stopRoute.POST, {
        path: "/api/panel_user/stop_participation",
        body: stopParams(lastMailTo(MEMBERS[0])),
        ip: nextIp(),
      }),
    );
    ok(await postEvent(bounce(MEMBERS[1])));
    const bounced = (await memberByEmail(MEMBERS[1]))!;
    ok(
      await call(clearBounce.POST, {
        path: `/api/panel_user/${bounced.id}/clear_bounce`,
        params: { id: String(bounced.id) },
        body: {},
        cookie,
      }),
    );
    const last = (await memberByEmail(MEMBERS[2]))!;
    ok(
      await call(panelUser.DELETE, {
        method: "DELETE",
        path: `/api/panel_user/${last.id}`,
        params: { id: String(last.id) },
        cookie,
      }),
    );

    const text = await dump();
    // The staff actions are there...
    for (const action of [
      "sign_in",
      "sign_in_failed",
      "study_created",
      "study_status_changed",
      "responses_exported",
      "message_test_sent",
      "message_sent",
      "staff_invited",
      "member_suppressed",
      "member_bounce_cleared",
      "panel_member_deleted",
    ]) {
      expect(text).toContain(`"action": "${action}"`);
    }
    // ...and nothing a participant gave or was given.
    const secrets = [
      ...MEMBERS,
      TYPED_UNKNOWN,
      "new-colleague@example.org",
      "A very private story 7f3a",
      "Journey study",
      SUBJECT,
      "Journey body text 9c2d",
      ...tokens,
      cookie.split("=")[1],
      ...linkSecrets(),
    ];
    expect(linkSecrets().length).toBeGreaterThan(MEMBERS.length);
    for (const secret of secrets) expect(text, secret).not.toContain(secret);
    expect(text.toLowerCase()).not.toContain("journey-");
    // Nobody but the provider's report and the unknown address acts without an account.
    const nameless = await rawRows<{ action: string }>(
      sql`select distinct action from audit_log where actor_id is null order by action`,
    );
    expect(nameless.map((r) => r.action)).toEqual(["member_suppressed", "sign_in_failed"]);

    // A row changed by hand behind the triggers' back is named by the check.
    expect(await verifyAuditChain(await getDb())).toMatchObject({ ok: true });
    const [exported] = await rawRows<{ id: number }>(
      sql`select id from audit_log where action = 'responses_exported'`,
    );
    await tamper(sql`update audit_log set details = '{"format":"xlsx"}' where id = ${exported.id}`);
    expect(await verifyAuditChain(await getDb())).toMatchObject({
      ok: false,
      problem: { kind: "wrong_hash", rowId: Number(exported.id) },
    });
  });
});
