import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as submitRoute } from "@/app/api/survey/[surveyUuid]/submit/route";
import { exportRequest as requestExport } from "../../support/export-request";
import { call } from "../../support/http";
import { staffWithSession } from "../../support/staff";
import { insertStudyWithSurvey, nextIp, validAnswers } from "../../support/survey";

// What one participant's text can do to everyone's export: a formula hidden after a separator
// (a spreadsheet that splits on ';' reads it as a cell of its own), and characters XML cannot
// carry, which would make the whole sheet unreadable.

let staff: string;
beforeAll(async () => {
  staff = (await staffWithSession()).cookie;
});

const exportRequest = (studyId: number, query = "") => requestExport(studyId, query, staff);

async function studyAnswered(story: string) {
  const { studyId, surveyUuid } = await insertStudyWithSurvey({ name: "Cells" });
  const answers = validAnswers().map((a) =>
    a.data_name === "story" ? { ...a, open_answer: story } : a,
  );
  const res = await call(submitRoute, {
    path: `/api/survey/${surveyUuid}/submit`,
    params: { surveyUuid },
    body: { answers },
    ip: nextIp(),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return studyId;
}

describe("the responses export, cell by cell", () => {
  it("quotes every CSV field and defuses a formula after a separator", async () => {
    const studyId = await studyAnswered("x;=cmd|' /C calc'!A0");
    const res = await exportRequest(studyId, "?format=csv");
    expect(res.status).toBe(200);
    const text = await res.text();
    const [header, row] = text.replace(/^\uFEFF/, "").split("\r\n");
    expect(header.split(",").every((f) => /^".*"$/.test(f))).toBe(true);
    expect(row).toContain(`"x;'=cmd|' /C calc'!A0"`);
    expect(row).not.toMatch(/;=/);
  });

  it("leaves out U+FFFE and U+FFFF, so the xlsx stays a workbook any reader opens", async () => {
    const studyId = await studyAnswered("before\uFFFFafter\uFFFE");
    const res = await exportRequest(studyId);
    expect(res.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const sheet = workbook.getWorksheet("responses")!;
    const header = sheet.getRow(1).values as unknown[];
    const column = header.indexOf("story");
    expect(sheet.getRow(2).getCell(column).value).toBe("beforeafter");
  });
});
