import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { getDb, type DbOrTx } from "@/db/client";
import { studies, surveys } from "@/db/schema";
import { recordAudit, type AuditActor } from "@/lib/audit/record";
import { AppError } from "@/lib/errors/app-error";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { contentDisposition } from "@/lib/files/content-disposition";
import { FILE_CSP } from "@/lib/files/file-csp.shared";
import { sortAndRenumber } from "@/lib/surveys/editor-rules.shared";
import { surveyColumns } from "@/lib/surveys/questions";
import { stepsSchema } from "@/lib/surveys/schema.shared";
import { studyResponsePages } from "./export";
import { csvStream, xlsxStream } from "./export-stream";

/**
 * `GET /api/study/{id}/responses/export?format=xlsx|csv` (xlsx when left out). `check=1` only
 * asks whether the export would start (204), so the portal can tell a refusal before it lets
 * the browser download the file itself.
 */
export const exportQuerySchema = z.object({
  format: z.enum(["xlsx", "csv"]).default("xlsx"),
  check: z.literal("1").optional(),
});
export type ExportFormat = z.infer<typeof exportQuerySchema>["format"];

const CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  csv: "text/csv; charset=utf-8",
};

const STUDY_NAME_IN_FILENAME_MAX = 100;

/**
 * `<study name>-responses-<YYYY-MM-DD>.<ext>`: the name without characters that mean something
 * in a path on some system (`\ / : * ? " < > |`), shortened. Content-Disposition then adds an
 * ASCII fallback of safe characters and the real name in `filename*`.
 */
export function exportFilename(studyName: string, format: ExportFormat, now = new Date()): string {
  const name = studyName
    .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]+/g, "_")
    .trim()
    .slice(0, STUDY_NAME_IN_FILENAME_MAX)
    .trim();
  const day = now.toISOString().slice(0, 10);
  return `${name || "study"}-responses-${day}.${format}`;
}

/** The study's name and survey, or 404 code 14: what an export starts from. */
async function exportedStudy(db: DbOrTx, studyId: number) {
  const [row] = await db
    .select({ name: studies.name, surveyId: surveys.id, steps: surveys.steps })
    .from(studies)
    .innerJoin(surveys, eq(surveys.studyId, studies.id))
    .where(eq(studies.id, studyId))
    .limit(1);
  if (!row) throw new AppError(ErrorCode.NOT_FOUND);
  return row;
}

/**
 * Whether the export of this study would start: 204 with no body, or the error the export
 * itself would answer (404 code 14), without reading any response.
 */
export async function checkExport(studyId: number): Promise<Response> {
  await exportedStudy(await getDb(), studyId);
  return new Response(null, { status: 204, headers: { "cache-control": "no-store" } });
}

/**
 * The study's responses as a download, streamed: the columns are known before the first row
 * (today's questions in survey order, then retired ones), the responses are read a page at a
 * time. A missing study is 404 code 14, answered before anything is streamed. Audited as
 * `responses_exported` in a short transaction of its own just before the stream starts (the
 * stream itself may run for a minute and is no transaction).
 *
 * `headersOnly` (a HEAD request, which Next.js hands to the GET handler): the same status and
 * headers with no body, and nothing read, built or audited, since no response leaves the server.
 */
export async function exportResponses(
  studyId: number,
  format: ExportFormat,
  actor: AuditActor,
  { pageSize, headersOnly = false }: { pageSize?: number; headersOnly?: boolean } = {},
): Promise<Response> {
  const db = await getDb();
  const row = await exportedStudy(db, studyId);
  const headers = {
    "content-type": CONTENT_TYPES[format],
    "content-disposition": contentDisposition(
      "attachment",
      exportFilename(row.name, format),
      `responses.${format}`,
    ),
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    "content-security-policy": FILE_CSP,
  };
  if (headersOnly) return new Response(null, { status: 200, headers });
  const steps = sortAndRenumber(stepsSchema.parse(row.steps));
  const source = {
    studyId,
    columns: await surveyColumns(row.surveyId, steps),
    pages: () => studyResponsePages(studyId, { pageSize }),
  };
  await recordAudit(db, {
    action: "responses_exported",
    actor,
    target: { type: "study", id: studyId },
    details: { format },
  });
  const body = format === "csv" ? csvStream(source) : xlsxStream(source);
  return new Response(body, { status: 200, headers });
}
