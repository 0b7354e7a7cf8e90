import { beforeAll, describe, expect, it } from "vitest";
import { GET as readRoute } from "@/app/api/study/[id]/route";
import { GET as finishedRoute } from "@/app/api/study/finished/route";
import { GET as openRoute } from "@/app/api/study/open/route";
import type { StudyDto, StudyList } from "@/lib/studies/schemas.shared";
import type { ErrorBody } from "@/lib/http/status";
import { call } from "../../support/http";
import { staffWithSession } from "../../support/staff";
import { daysAgo, insertStudy, type InsertedStudy } from "../../support/studies";

function dto(s: InsertedStudy): StudyDto {
  return {
    id: s.id,
    name: s.name,
    short_description: s.shortDescription,
    description: s.description,
    status: s.status,
    created_at: Math.floor(s.createdAt.getTime() / 1000),
    survey_uuid: s.surveyUuid,
    response_limit: null,
    closes_at: null,
  };
}

function read(id: string, cookie?: string) {
  return call<StudyDto & Partial<ErrorBody>>(readRoute, {
    path: `/api/study/${id}`,
    params: { id },
    cookie,
  });
}

describe("public study lists when there are no studies", () => {
  it("answer an empty list", async () => {
    for (const handler of [openRoute, finishedRoute]) {
      const res = await call<StudyList>(handler, { path: "/api/study/open" });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ items: [] });
    }
  });
});

describe("public study API", () => {
  let openOld: InsertedStudy;
  let openNew: InsertedStudy;
  let openNoSurvey: InsertedStudy;
  let finishedOld: InsertedStudy;
  let finishedNew: InsertedStudy;
  let notStarted: InsertedStudy;
  let invisible: InsertedStudy;
  let staffCookie: string;

  beforeAll(async () => {
    // Inserted out of date order, so the answer's order can only come from created_at.
    openNew = await insertStudy({ name: "Open new", status: "open", createdAt: daysAgo(1) });
    finishedOld = await insertStudy({
      name: "Finished old",
      status: "finished",
      createdAt: daysAgo(30),
    });
    notStarted = await insertStudy({
      name: "Not started",
      status: "not_started",
      createdAt: daysAgo(0),
    });
    openOld = await insertStudy({ name: "Open old", status: "open", createdAt: daysAgo(10) });
    invisible = await insertStudy({
      name: "Invisible",
      status: "invisible",
      createdAt: daysAgo(2),
    });
    finishedNew = await insertStudy({
      name: "Finished new",
      status: "finished",
      createdAt: daysAgo(3),
    });
    openNoSurvey = await insertStudy({
      name: "Open without survey",
      status: "open",
      createdAt: daysAgo(20),
      withSurvey: false,
    });
    staffCookie = (await staffWithSession()).cookie;
  });

  describe("GET /api/study/open", () => {
    it("lists only open studies, newest first, in the API shape with the survey's uuid", async () => {
      const res = await call<StudyList>(openRoute, { path: "/api/study/open" });
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.body).toEqual({ items: [dto(openNew), dto(openOld), dto(openNoSurvey)] });
      expect(res.body.items[0].survey_uuid).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.body.items[2].survey_uuid).toBeNull();
      expect(Object.keys(res.body.items[0]).sort()).toEqual([
        "closes_at",
        "created_at",
        "description",
        "id",
        "name",
        "response_limit",
        "short_description",
        "status",
        "survey_uuid",
      ]);
    });

    it("orders studies created at the same moment by id, newest first", async () => {
      const at = daysAgo(5);
      const first = await insertStudy({ name: "Same time A", status: "finished", createdAt: at });
      const second = await insertStudy({ name: "Same time B", status: "finished", createdAt: at });
      const res = await call<StudyList>(finishedRoute, { path: "/api/study/finished" });
      const ids = res.body.items.map((s) => s.id);
      expect(ids.indexOf(second.id)).toBe(ids.indexOf(first.id) - 1);
    });

    it("is the same for signed-in staff: the public lists never show other statuses", async () => {
      const res = await call<StudyList>(openRoute, {
        path: "/api/study/open",
        cookie: staffCookie,
      });
      expect(res.body.items.map((s) => s.status)).toEqual(["open", "open", "open"]);
    });
  });

  describe("GET /api/study/finished", () => {
    it("lists only finished studies, newest first", async () => {
      const res = await call<StudyList>(finishedRoute, { path: "/api/study/finished" });
      expect(res.status).toBe(200);
      const names = res.body.items.map((s) => s.name);
      expect(names).toContain("Finished new");
      expect(names.indexOf("Finished new")).toBeLessThan(names.indexOf("Finished old"));
      expect(res.body.items.every((s) => s.status === "finished")).toBe(true);
      expect(res.body.items.find((s) => s.id === finishedOld.id)).toEqual(dto(finishedOld));
      expect(names).not.toContain(invisible.name);
      expect(names).not.toContain(notStarted.name);
    });
  });

  describe("GET /api/study/{id}", () => {
    it("shows open and finished studies to anyone", async () => {
      for (const study of [openNew, openNoSurvey, finishedNew]) {
        const res = await read(String(study.id));
        expect(res.status).toBe(200);
        expect(res.body).toEqual(dto(study));
      }
    });

    it("answers 404 code 14 to the public for invisible, not started and unknown studies alike", async () => {
      for (const id of [String(invisible.id), String(notStarted.id), "999999"]) {
        const res = await read(id);
        expect(res.status, id).toBe(404);
        expect(res.body, id).toEqual({ error: { code: 14, message: "Model not found" } });
      }
    });

    it("shows a study in any status to signed-in staff", async () => {
      for (const study of [invisible, notStarted, openOld, finishedOld]) {
        const res = await read(String(study.id), staffCookie);
        expect(res.status).toBe(200);
        // Staff see the response count as well.
        expect(res.body).toEqual({ ...dto(study), response_count: 0 });
      }
      const missing = await read("999999", staffCookie);
      expect(missing.status).toBe(404);
      expect(missing.body.error?.code).toBe(14);
    });

    it("treats a made-up or ended session as the public, not as an error", async () => {
      const res = await read(String(invisible.id), "session=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
      expect(res.status).toBe(404);
      expect(res.body.error?.code).toBe(14);
      const visible = await read(String(openNew.id), "session=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
      expect(visible.status).toBe(200);
    });

    it("refuses an id that is not a positive whole number in range with 400 code 22", async () => {
      for (const id of [
        "abc",
        "0",
        "-1",
        "1e3",
        "0x10",
        " 1",
        "1.5",
        "2147483648",
        "99999999999",
      ]) {
        const res = await read(id);
        expect(res.status, id).toBe(400);
        expect(res.body.error?.code, id).toBe(22);
        expect(res.body.error?.fields, id).toHaveProperty("id");
      }
    });
  });
});

describe("stored rich text", () => {
  const hostile =
    '<p class="fixed inset-0 z-50" style="position: fixed; color: red">Hi' +
    '<img src="/x.png" onerror="alert(1)"><script>alert(2)</script>' +
    '<a href="javascript:alert(3)">x</a></p>';
  const safe = '<p style="color: red">Hi<img src="/x.png"><a>x</a></p>';

  it("is sanitised on the way out by every public call, whatever is in the database", async () => {
    const open = await insertStudy({
      name: "Hostile open",
      status: "open",
      description: hostile,
      shortDescription: hostile,
    });
    const finished = await insertStudy({
      name: "Hostile finished",
      status: "finished",
      description: hostile,
      shortDescription: hostile,
    });
    const byId = await read(String(open.id));
    expect(byId.status).toBe(200);
    expect(byId.body.description).toBe(safe);
    expect(byId.body.short_description).toBe(safe);
    const openList = await call<StudyList>(openRoute, { path: "/api/study/open" });
    const finishedList = await call<StudyList>(finishedRoute, { path: "/api/study/finished" });
    for (const item of [
      openList.body.items.find((s) => s.id === open.id),
      finishedList.body.items.find((s) => s.id === finished.id),
    ]) {
      expect(item?.description).toBe(safe);
      expect(item?.short_description).toBe(safe);
    }
  });

  it("is sanitised on the way out for staff too, for a study the public cannot see", async () => {
    const draft = await insertStudy({
      name: "Hostile draft",
      status: "not_started",
      description: hostile,
      shortDescription: hostile,
    });
    const { cookie } = await staffWithSession();
    const res = await read(String(draft.id), cookie);
    expect(res.status).toBe(200);
    expect(res.body.description).toBe(safe);
    expect(res.body.short_description).toBe(safe);
  });

  it("leaves what the editor produces as it is", async () => {
    const html =
      '<h2>Kop</h2><p style="text-align: center">Kept <a href="https://example.org" target="_blank" rel="noopener noreferrer">as is</a></p>';
    const study = await insertStudy({
      name: "Editor HTML",
      status: "open",
      description: html,
      shortDescription: html,
    });
    const res = await read(String(study.id));
    expect(res.body.description).toBe(html);
    expect(res.body.short_description).toBe(html);
  });
});
