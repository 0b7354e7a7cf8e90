import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { studies, surveys } from "@/db/schema";
import { GET as listRoute, POST as createRoute } from "@/app/api/study/route";
import {
  DELETE as deleteRoute,
  GET as readRoute,
  PUT as updateRoute,
} from "@/app/api/study/[id]/route";
import { GET as openRoute } from "@/app/api/study/open/route";
import { ErrorCode } from "@/lib/errors/codes.shared";
import type { StudyDto, StudyList } from "@/lib/studies/schemas.shared";
import { call } from "../../support/http";
import { staffWithSession } from "../../support/staff";
import {
  addAttachmentRow,
  addResponses,
  failingTrigger,
  rowsOf,
} from "../../support/studies-admin";
import { daysAgo, insertStudy } from "../../support/studies";
import type { Answer } from "../../support/answer";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let staff: string;
let admin: string;

beforeAll(async () => {
  staff = (await staffWithSession({ admin: false })).cookie;
  admin = (await staffWithSession({ admin: true })).cookie;
});

// A null cookie calls without a session.
function create(body: unknown, cookie: string | null = staff) {
  return call<Answer<StudyDto>>(createRoute, {
    method: "POST",
    path: "/api/study",
    body,
    cookie: cookie ?? undefined,
  });
}

function update(id: number | string, body: unknown, cookie: string | null = staff) {
  return call<Answer<StudyDto>>(updateRoute, {
    method: "PUT",
    path: `/api/study/${id}`,
    params: { id: String(id) },
    body,
    cookie: cookie ?? undefined,
  });
}

function remove(id: number | string, cookie: string | null = admin) {
  return call(deleteRoute, {
    method: "DELETE",
    path: `/api/study/${id}`,
    params: { id: String(id) },
    cookie: cookie ?? undefined,
  });
}

function read(id: number, cookie?: string) {
  return call<Answer<StudyDto>>(readRoute, {
    path: `/api/study/${id}`,
    params: { id: String(id) },
    cookie,
  });
}

async function studyCount(): Promise<number> {
  const db = await getDb();
  const [{ n }] = await db.select({ n: count() }).from(studies);
  return n;
}

describe("GET /api/study", () => {
  it("answers 401 code 25 without a session", async () => {
    const res = await call(listRoute, { path: "/api/study" });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe(ErrorCode.NOT_SIGNED_IN);
  });

  it("lists every study in every status for staff, newest first", async () => {
    const made = [
      await insertStudy({ name: "L invisible", status: "invisible", createdAt: daysAgo(3) }),
      await insertStudy({ name: "L open", status: "open", createdAt: daysAgo(1) }),
      await insertStudy({ name: "L not started", status: "not_started", createdAt: daysAgo(2) }),
      await insertStudy({ name: "L finished", status: "finished", createdAt: daysAgo(4) }),
    ];
    const res = await call<Answer<StudyList>>(listRoute, { path: "/api/study", cookie: staff });
    expect(res.status).toBe(200);
    const ours = res.body.items.filter((s) => made.some((m) => m.id === s.id));
    expect(ours.map((s) => [s.name, s.status])).toEqual([
      ["L open", "open"],
      ["L not started", "not_started"],
      ["L invisible", "invisible"],
      ["L finished", "finished"],
    ]);
    expect(ours[0]).toEqual({
      id: made[1].id,
      name: "L open",
      short_description: made[1].shortDescription,
      description: made[1].description,
      status: "open",
      created_at: Math.floor(daysAgo(1).getTime() / 1000),
      survey_uuid: made[1].surveyUuid,
      response_limit: null,
      closes_at: null,
      response_count: 0,
    });
  });
});

describe("POST /api/study", () => {
  it("answers 401 code 25 without a session and creates nothing", async () => {
    const before = await studyCount();
    const res = await create({ name: "Anonymous" }, null);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { code: 25, message: "Not signed in" } });
    expect(await studyCount()).toBe(before);
  });

  it("creates a not-started 'new study' with an empty survey of its own", async () => {
    const started = Math.floor(Date.now() / 1000);
    const res = await create({});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: "new study",
      short_description: "",
      description: "",
      status: "not_started",
    });
    expect(res.body.survey_uuid).toMatch(UUID);
    expect(res.body.created_at).toBeGreaterThanOrEqual(started - 1);

    const db = await getDb();
    const [survey] = await db.select().from(surveys).where(eq(surveys.studyId, res.body.id));
    expect(survey.surveyUuid).toBe(res.body.survey_uuid);
    expect(survey.steps).toEqual([]);
    const listed = await call<Answer<StudyList>>(listRoute, { path: "/api/study", cookie: staff });
    expect(listed.body.items.map((s) => s.id)).toContain(res.body.id);
  });

  it("gives every study a different survey uuid", async () => {
    const a = await create({ name: "Twin A" });
    const b = await create({ name: "Twin B" });
    expect(a.body.survey_uuid).not.toBe(b.body.survey_uuid);
  });

  it("trims the name and ignores every other field", async () => {
    const res = await create({
      name: "  Trimmed name  ",
      status: "open",
      id: 999_999,
      description: "<p>x</p>",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: "Trimmed name",
      status: "not_started",
      description: "",
    });
    expect(res.body.id).not.toBe(999_999);
  });

  it.each([
    ["an empty name", ""],
    ["a blank name", "   "],
    ["a name of 201 characters", "x".repeat(201)],
    ["a name over two lines", "first\nsecond"],
    ["a number", 5],
    ["null", null],
  ])("refuses %s with 400 code 22 and creates nothing", async (_what, name) => {
    const before = await studyCount();
    const res = await create({ name });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(ErrorCode.INVALID_INPUT);
    expect(res.body.error.fields).toHaveProperty("name");
    expect(await studyCount()).toBe(before);
  });

  it("accepts a name of exactly 200 characters", async () => {
    const res = await create({ name: "n".repeat(200) });
    expect(res.status).toBe(200);
    expect(res.body.name).toHaveLength(200);
  });

  it("answers code 19 and keeps no study when the survey cannot be created", async () => {
    const before = await studyCount();
    const restore = await failingTrigger("surveys", "INSERT");
    try {
      const res = await create({ name: "Doomed" });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: { code: 19, message: "Cannot create the model" } });
    } finally {
      await restore();
    }
    expect(await studyCount()).toBe(before);
  });
});

describe("PUT /api/study/{id}", () => {
  it("answers 401 code 25 without a session and changes nothing", async () => {
    const s = await insertStudy({ name: "Untouched", status: "not_started" });
    const res = await update(s.id, { name: "Changed" }, null);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe(25);
    expect((await read(s.id, staff)).body.name).toBe("Untouched");
  });

  it("changes only the name when only the name is sent", async () => {
    const s = await insertStudy({
      name: "Before",
      status: "open",
      shortDescription: "<p>short <strong>kept</strong></p>",
      description: "<p>long <em>kept</em></p>",
    });
    const res = await update(s.id, { name: "  After  " });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: s.id,
      name: "After",
      short_description: "<p>short <strong>kept</strong></p>",
      description: "<p>long <em>kept</em></p>",
      status: "open",
      created_at: Math.floor(s.createdAt.getTime() / 1000),
      survey_uuid: s.surveyUuid,
      response_limit: null,
      closes_at: null,
      response_count: 0,
    });
    expect((await read(s.id, staff)).body).toEqual(res.body);
  });

  it("keeps a rename and a description saved at the same moment", async () => {
    const s = await insertStudy({ name: "Racing", status: "not_started" });
    const [renamed, described] = await Promise.all([
      update(s.id, { name: "Renamed" }),
      update(s.id, { description: "<p>Described</p>" }),
    ]);
    expect(renamed.status).toBe(200);
    expect(described.status).toBe(200);
    const now = (await read(s.id, staff)).body;
    expect(now.name).toBe("Renamed");
    expect(now.description).toBe("<p>Described</p>");
  });

  it("ignores read-only and unknown fields", async () => {
    const s = await insertStudy({ name: "Fixed fields", status: "not_started" });
    const res = await update(s.id, {
      id: s.id + 1000,
      created_at: 0,
      survey_uuid: "00000000-0000-4000-8000-000000000000",
      updated_at: 0,
      colour: "red",
      short_description: "<p>new short</p>",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: s.id,
      name: "Fixed fields",
      short_description: "<p>new short</p>",
      created_at: Math.floor(s.createdAt.getTime() / 1000),
      survey_uuid: s.surveyUuid,
    });
  });

  it("accepts each of the four statuses", async () => {
    const s = await insertStudy({ name: "Statuses", status: "not_started" });
    for (const status of ["open", "finished", "invisible", "not_started"] as const) {
      const res = await update(s.id, { status });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(status);
    }
  });

  it.each([["closed"], ["OPEN"], [""], [null], [3]])(
    "refuses status %j with 400 code 22 and changes nothing",
    async (status) => {
      const s = await insertStudy({ name: "Bad status", status: "open" });
      const res = await update(s.id, { name: "Not applied", status });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe(ErrorCode.INVALID_INPUT);
      expect(res.body.error.fields).toHaveProperty("status");
      const now = (await read(s.id, staff)).body;
      expect(now).toMatchObject({ name: "Bad status", status: "open" });
    },
  );

  it.each([
    ["a blank name", { name: "  " }, "name"],
    ["a name of 201 characters", { name: "y".repeat(201) }, "name"],
    ["a description that is not text", { description: 12 }, "description"],
    ["a short description of null", { short_description: null }, "short_description"],
  ])("refuses %s with 400 code 22", async (_what, body, field) => {
    const s = await insertStudy({ name: "Valid", status: "not_started" });
    const res = await update(s.id, body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(22);
    expect(res.body.error.fields).toHaveProperty(field);
    expect((await read(s.id, staff)).body.name).toBe("Valid");
  });

  it("answers 404 code 14 for a study that does not exist", async () => {
    const res = await update(987_654, { name: "Ghost" });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 14, message: "Model not found" } });
  });

  it.each(["abc", "1e3", "0", "-1"])("answers 400 code 22 for the id %j", async (id) => {
    const res = await update(id, { name: "Whatever" });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(22);
  });

  it("answers a body that is not JSON with 415 code 22", async () => {
    const s = await insertStudy({ name: "Form body", status: "not_started" });
    const res = await call(updateRoute, {
      method: "PUT",
      path: `/api/study/${s.id}`,
      params: { id: String(s.id) },
      rawBody: "name=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      cookie: staff,
    });
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe(22);
  });
});

describe("stored XSS in a study", () => {
  const nameAttack = `<img src=x onerror=alert(1)>"><script>alert(2)</script>`;
  const descriptionAttack =
    '<p>Hello <strong>bold</strong><script>alert(1)</script><img src="x" onerror="alert(2)">' +
    '<a href="javascript:alert(3)">click</a><a href="https://example.org" onclick="alert(4)">ok</a>' +
    '<iframe src="https://evil.example"></iframe><div style="position:fixed;top:0">over</div>' +
    '<img src="https://evil.example/pixel.png"><svg onload="alert(5)"></svg></p>';

  function expectHarmless(html: string) {
    expect(html).not.toMatch(/<script|<iframe|<svg|<div|onerror|onclick|onload|javascript:/i);
    expect(html).not.toContain("position");
    expect(html).not.toContain("evil.example");
  }

  it("is sanitised on write and comes back harmless from the admin and public calls", async () => {
    const s = await insertStudy({ name: "To attack", status: "not_started" });
    const res = await update(s.id, {
      name: nameAttack,
      short_description: descriptionAttack,
      description: descriptionAttack,
      status: "open",
    });
    expect(res.status).toBe(200);

    const anonymous = await read(s.id);
    const listed = await call<Answer<StudyList>>(listRoute, { path: "/api/study", cookie: staff });
    const open = await call<Answer<StudyList>>(openRoute, { path: "/api/study/open" });
    const views = [
      res.body,
      anonymous.body,
      listed.body.items.find((x) => x.id === s.id)!,
      open.body.items.find((x) => x.id === s.id)!,
    ];
    for (const view of views) {
      expectHarmless(view.short_description);
      expectHarmless(view.description);
      // What is allowed survives.
      expect(view.description).toContain("<strong>bold</strong>");
      expect(view.description).toContain('href="https://example.org"');
      // The name is plain text: kept as typed, only ever shown as text. JSON carries it as a
      // string, so no page can receive it as markup.
      expect(view.name).toBe(nameAttack);
    }
    for (const answer of [anonymous, open]) {
      expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
    }
  });
});

describe("DELETE /api/study/{id}", () => {
  it("answers 401 code 25 without a session", async () => {
    const s = await insertStudy({ name: "Anonymous delete", status: "open" });
    const res = await remove(s.id, null);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe(25);
    expect((await rowsOf(s.id)).study).toBe(1);
  });

  it("answers 403 code 8 to staff who are not admins and removes nothing", async () => {
    const s = await insertStudy({ name: "Staff delete", status: "open" });
    const res = await remove(s.id, staff);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: { code: 8, message: "This requires an admin" } });
    expect((await rowsOf(s.id)).study).toBe(1);
  });

  it("removes the study with its survey, responses and attachments, and nothing else", async () => {
    const doomed = await insertStudy({ name: "Doomed study", status: "finished" });
    const neighbour = await insertStudy({ name: "Neighbour", status: "open" });
    for (const s of [doomed, neighbour]) {
      await addResponses(s.id, 3);
      await addAttachmentRow(s.id, "one.pdf");
      await addAttachmentRow(s.id, "two.pdf");
    }
    expect(await rowsOf(doomed.id)).toEqual({ study: 1, surveys: 1, responses: 3, attachments: 2 });

    const res = await remove(doomed.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect(await rowsOf(doomed.id)).toEqual({ study: 0, surveys: 0, responses: 0, attachments: 0 });
    expect(await rowsOf(neighbour.id)).toEqual({
      study: 1,
      surveys: 1,
      responses: 3,
      attachments: 2,
    });
    expect((await read(doomed.id, staff)).status).toBe(404);
  });

  it("answers 404 code 14 for a study that does not exist (or no longer does)", async () => {
    const s = await insertStudy({ name: "Twice", status: "open" });
    expect((await remove(s.id)).status).toBe(200);
    const again = await remove(s.id);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: { code: 14, message: "Model not found" } });
  });

  it("answers code 21 and leaves everything in place when a part cannot be removed", async () => {
    const s = await insertStudy({ name: "Stubborn", status: "open" });
    await addResponses(s.id, 2);
    await addAttachmentRow(s.id);
    const restore = await failingTrigger("study_attachments", "DELETE");
    try {
      const res = await remove(s.id);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: { code: 21, message: "Could not delete the study" } });
    } finally {
      await restore();
    }
    expect(await rowsOf(s.id)).toEqual({ study: 1, surveys: 1, responses: 2, attachments: 1 });
  });
});
