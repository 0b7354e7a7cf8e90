import { expect, type Page } from "@playwright/test";
import { parseCsv } from "../csv";

/** The study's responses export as CSV, read as a spreadsheet would: rows of fields. */
export async function exportRows(page: Page, id: number): Promise<string[][]> {
  const res = await page.request.get(`/api/study/${id}/responses/export?format=csv`);
  expect(res.status()).toBe(200);
  return parseCsv((await res.text()).replace(/^\uFEFF/, ""));
}
