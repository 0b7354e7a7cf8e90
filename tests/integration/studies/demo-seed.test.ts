import { describe, expect, it } from "vitest";
import { GET as readRoute } from "@/app/api/study/[id]/route";
import { GET as finishedRoute } from "@/app/api/study/finished/route";
import { GET as openRoute } from "@/app/api/study/open/route";
import { getDb } from "@/db/client";
import { studies } from "@/db/schema";
import { seedDemo } from "@/lib/demo/seed";
import type { StudyList } from "@/lib/studies/schemas.shared";
import { call } from "../../support/http";

// The e2e runs and a newcomer's database start from the demo seed: its studies must show up
// publicly as their statuses say: open and finished ones listed, the others hidden.
describe("the demo studies through the public API", () => {
  it("lists the open ones as ongoing and the finished one as finished, and hides the rest", async () => {
    const db = await getDb();
    await seedDemo(db);
    const all = await db.select().from(studies);
    expect(new Set(all.map((s) => s.status))).toEqual(
      new Set(["open", "finished", "not_started", "invisible"]),
    );

    const open = await call<StudyList>(openRoute, { path: "/api/study/open" });
    const finished = await call<StudyList>(finishedRoute, { path: "/api/study/finished" });
    const expectedOpen = all
      .filter((s) => s.status === "open")
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .map((s) => s.name);
    expect(open.body.items.map((s) => s.name)).toEqual(expectedOpen);
    expect(finished.body.items.map((s) => s.name)).toEqual(
      all.filter((s) => s.status === "finished").map((s) => s.name),
    );
    for (const s of [...open.body.items, ...finished.body.items])
      expect(s.survey_uuid).toMatch(/^[0-9a-f-]{36}$/);

    for (const hidden of all.filter(
      (s) => s.status === "invisible" || s.status === "not_started",
    )) {
      const res = await call(readRoute, {
        path: `/api/study/${hidden.id}`,
        params: { id: String(hidden.id) },
      });
      expect(res.status).toBe(404);
    }
  });
});
