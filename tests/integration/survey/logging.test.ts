import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { POST as submitRoute } from "@/app/api/survey/[surveyUuid]/submit/route";
import { POST as deleteRoute } from "@/app/api/survey/response/delete/route";
import { POST as lookupRoute } from "@/app/api/survey/response/lookup/route";
import { sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { logError, logWarn } from "@/lib/log";
import { call } from "../../support/http";
import { insertStudyWithSurvey, validAnswers } from "../../support/survey";

const lines: string[] = [];
beforeEach(() => {
  lines.length = 0;
  for (const method of ["log", "info", "warn", "error", "debug"] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      lines.push(args.map(String).join(" "));
    });
  }
});
afterEach(() => vi.restoreAllMocks());

describe("the survey paths log nothing about a participant", () => {
  it("captures what the server logs (the control for the test below)", async () => {
    // Without this, a capture that missed the logger would make the next test pass vacuously.
    logWarn("survey", "control line", { marker: "capture-control-51f0" });
    logError("survey", new Error("control error"), { marker: "capture-control-8c2e" });
    const logged = lines.join("\n");
    expect(logged).toContain("capture-control-51f0");
    expect(logged).toContain("capture-control-8c2e");
  });

  it("captures a line a survey route itself writes", async () => {
    // A survey whose steps fail the schema makes the submit route fail unexpectedly, which the
    // handler logs (without the request's content): proof that route logging is seen here.
    const { surveyUuid } = await insertStudyWithSurvey();
    const db = await getDb();
    await db.execute(
      sql`update surveys set steps = '"not a list"'::jsonb where survey_uuid = ${surveyUuid}`,
    );
    const res = await call(submitRoute, {
      path: `/api/survey/${surveyUuid}/submit`,
      params: { surveyUuid },
      body: { answers: validAnswers() },
      ip: "198.18.9.98",
    });
    expect(res.status).toBe(500);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join("\n")).not.toContain("198.18.9.98");
  });

  it("neither the address, the answers nor the token reach the logs, on success or refusal", async () => {
    const ip = "198.18.9.99";
    const { surveyUuid } = await insertStudyWithSurvey();
    const submit = (body: unknown) =>
      call(submitRoute, {
        path: `/api/survey/${surveyUuid}/submit`,
        params: { surveyUuid },
        body,
        ip,
      });
    const ok = await submit({ answers: validAnswers() });
    expect(ok.status).toBe(200);
    const token: string = ok.body.token;
    expect(
      (
        await submit({
          answers: [{ type: "scale", data_name: "A very private story 7f3a", scale_value: 1 }],
        })
      ).status,
    ).toBe(400);
    expect(
      (await call(lookupRoute, { path: "/api/survey/response/lookup", body: { token }, ip }))
        .status,
    ).toBe(200);
    expect(
      (await call(deleteRoute, { path: "/api/survey/response/delete", body: { token }, ip }))
        .status,
    ).toBe(200);
    expect(
      (await call(lookupRoute, { path: "/api/survey/response/lookup", body: { token }, ip }))
        .status,
    ).toBe(404);

    const logged = lines.join("\n");
    for (const secret of [ip, token, "A very private story 7f3a", "Friends"]) {
      expect(logged).not.toContain(secret);
    }
  });
});
