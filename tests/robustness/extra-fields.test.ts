import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { PUT as updateMessageRoute } from "@/app/api/panel_message/[id]/route";
import { POST as createMessageRoute } from "@/app/api/panel_message/route";
import { POST as signUpRoute } from "@/app/api/panel_user/route";
import { PUT as updateStaffRoute } from "@/app/api/staff/[id]/route";
import { PUT as updateStudyRoute } from "@/app/api/study/[id]/route";
import { POST as createStudyRoute } from "@/app/api/study/route";
import { POST as submitRoute } from "@/app/api/survey/[surveyUuid]/submit/route";
import { POST as lookupRoute } from "@/app/api/survey/response/lookup/route";
import { getDb } from "@/db/client";
import { panelUsers, staffUsers, studies } from "@/db/schema";
import { call, type CallResult } from "../support/http";
import { staffWithSession } from "../support/staff";
import { insertStudyWithSurvey, validAnswers } from "../support/survey";

/**
 * Valid requests that carry fields the API does not know (or may not be set by a client): they
 * are not an error, the extras are ignored, and the call does what it does without them.
 */
const EXTRAS = {
  unknown_field: "ignored",
  id: 987_654,
  is_admin: true,
  is_verified: true,
  created_at: 0,
  communication_status: "sent",
  survey_uuid: "00000000-0000-4000-8000-000000000000",
  nested: { deep: [1, 2, { x: "y" }] },
};

let admin: { cookie: string };
let ipCounter = 0;
const ip = () => `198.18.0.${++ipCounter}`;

beforeAll(async () => {
  admin = await staffWithSession({ admin: true });
});

/** The body's keys and value types, so two answers of the same call can be compared. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, shape(v)]),
    );
  }
  return typeof value;
}

function expectSameOutcome(plain: CallResult, extra: CallResult): void {
  expect(plain.status, plain.text).toBe(200);
  expect(extra.status, extra.text).toBe(200);
  expect(shape(extra.body)).toEqual(shape(plain.body));
}

describe("valid requests with extra, unknown fields", () => {
  it("sign-up: both succeed, and only the address is stored", async () => {
    const plain = await call(signUpRoute, {
      path: "/api/panel_user",
      body: { email: "plain@example.org" },
      ip: ip(),
    });
    const extra = await call(signUpRoute, {
      path: "/api/panel_user",
      body: { email: "extra@example.org", ...EXTRAS },
      ip: ip(),
    });
    expectSameOutcome(plain, extra);
    const db = await getDb();
    const [member] = await db
      .select()
      .from(panelUsers)
      .where(eq(panelUsers.email, "extra@example.org"));
    expect(member.isVerified).toBe(false);
    expect(member.id).not.toBe(987_654);
  });

  it("creating and editing a study: extras neither fail nor set anything", async () => {
    const plain = await call(createStudyRoute, {
      path: "/api/study",
      body: { name: "Plain" },
      cookie: admin.cookie,
    });
    const extra = await call(createStudyRoute, {
      path: "/api/study",
      body: { name: "Extra", ...EXTRAS, status: "open" },
      cookie: admin.cookie,
    });
    expectSameOutcome(plain, extra);
    expect(extra.body.id).not.toBe(987_654);
    expect(extra.body.status).toBe(plain.body.status);
    const id = String(extra.body.id);
    const edited = await call(updateStudyRoute, {
      method: "PUT",
      path: `/api/study/${id}`,
      params: { id },
      body: { name: "Renamed", ...EXTRAS },
      cookie: admin.cookie,
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.name).toBe("Renamed");
    expect(edited.body.created_at).toBe(extra.body.created_at);
    const db = await getDb();
    const [row] = await db
      .select()
      .from(studies)
      .where(eq(studies.id, Number(id)));
    expect(row.name).toBe("Renamed");
  });

  it("panel messages: a draft stays a draft whatever status the body claims", async () => {
    const plain = await call(createMessageRoute, {
      path: "/api/panel_message",
      body: { subject: "Plain" },
      cookie: admin.cookie,
    });
    const extra = await call(createMessageRoute, {
      path: "/api/panel_message",
      body: { subject: "Extra", ...EXTRAS },
      cookie: admin.cookie,
    });
    expectSameOutcome(plain, extra);
    expect(extra.body.communication_status).toBe("not_sent");
    const id = String(extra.body.id);
    const edited = await call(updateMessageRoute, {
      method: "PUT",
      path: `/api/panel_message/${id}`,
      params: { id },
      body: { subject: "Edited", ...EXTRAS },
      cookie: admin.cookie,
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.subject).toBe("Edited");
    expect(edited.body.communication_status).toBe("not_sent");
  });

  it("changing a staff member's role: other fields in the body change nothing", async () => {
    const other = await staffWithSession();
    const id = String(other.user.id);
    const res = await call(updateStaffRoute, {
      method: "PUT",
      path: `/api/staff/${id}`,
      params: { id },
      body: { ...EXTRAS, is_admin: false, email: "taken-over@example.org", name: "Other" },
      cookie: admin.cookie,
    });
    expect(res.status, res.text).toBe(200);
    const db = await getDb();
    const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, other.user.id));
    expect(row.email).toBe(other.user.email);
    expect(row.isAdmin).toBe(false);
  });

  it("a survey submission and its look-up: extras at every level are ignored", async () => {
    const { surveyUuid } = await insertStudyWithSurvey();
    const submit = (body: unknown) =>
      call(submitRoute, {
        path: `/api/survey/${surveyUuid}/submit`,
        params: { surveyUuid },
        body,
        ip: ip(),
      });
    const plain = await submit({ answers: validAnswers() });
    const extra = await submit({
      answers: validAnswers().map((a) => ({ ...a, question_text: "forged", extra: 1 })),
      token: "chosen-by-the-client",
      ...EXTRAS,
    });
    expectSameOutcome(plain, extra);
    expect(extra.body.token).not.toBe("chosen-by-the-client");
    const lookup = (body: unknown) =>
      call(lookupRoute, { path: "/api/survey/response/lookup", body, ip: ip() });
    const a = await lookup({ token: plain.body.token });
    const b = await lookup({ token: extra.body.token, ...EXTRAS });
    expectSameOutcome(a, b);
    expect(b.body.answers).toEqual(a.body.answers);
    expect(JSON.stringify(b.body)).not.toContain("forged");
  });
});
