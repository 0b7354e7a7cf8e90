import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { POST as submitRoute } from "@/app/api/survey/[surveyUuid]/submit/route";
import { POST as deleteRoute } from "@/app/api/survey/response/delete/route";
import { POST as lookupRoute } from "@/app/api/survey/response/lookup/route";
import { call } from "../../helpers/http";
import { insertStudyWithSurvey, validAnswers } from "./support";

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
