import "server-only";
import { and, desc, eq, lt } from "drizzle-orm";
import { getDb } from "@/db/client";
import { auditChain, auditLog } from "@/db/schema";
import { CSV_BOM, csvLine } from "@/lib/csv/fields";
import { contentDisposition } from "@/lib/files/content-disposition";
import { FILE_CSP } from "@/lib/files/file-csp.shared";
import { logError } from "@/lib/log";
import { canonicalJson } from "./chain";
import { auditConditions } from "./list";
import type { AuditFilters } from "./schemas.shared";

export const AUDIT_CSV_HEADER = [
  "id",
  "at",
  "actor_id",
  "actor_email",
  "action",
  "target_type",
  "target_id",
  "details",
] as const;

/**
 * Every row the filters match with an id below `below`, newest first, as CSV: the time in ISO
 * 8601 (UTC), details as JSON. Read a page at a time as the client takes it.
 */
export function auditCsvStream(
  filters: AuditFilters,
  below: number,
  { pageSize = 500 }: { pageSize?: number } = {},
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor = below;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(CSV_BOM + csvLine(AUDIT_CSV_HEADER)));
      },
      async pull(controller) {
        try {
          const db = await getDb();
          const rows = await db
            .select()
            .from(auditLog)
            .where(and(auditConditions(filters), lt(auditLog.id, cursor)))
            .orderBy(desc(auditLog.id))
            .limit(pageSize);
          const text = rows
            .map((r) =>
              csvLine([
                r.id,
                r.at.toISOString(),
                r.actorId,
                r.actorEmail,
                r.action,
                r.targetType,
                r.targetId,
                canonicalJson(r.details),
              ]),
            )
            .join("");
          if (text) controller.enqueue(encoder.encode(text));
          if (rows.length < pageSize) controller.close();
          else cursor = rows[rows.length - 1].id;
        } catch (error) {
          logError("audit", error, { step: "csv" });
          controller.error(error);
        }
      },
    },
    { highWaterMark: 1 },
  );
}

/**
 * GET /api/audit_log?format=csv: `audit-log-<YYYY-MM-DD>.csv`. It holds the rows up to the
 * head as it is now (read before anything is sent, so a database failure is still an error
 * answer), so rows written during the download neither shift the pages nor join the file.
 */
export async function auditCsvResponse(filters: AuditFilters, now = new Date()): Promise<Response> {
  const [head] = await (
    await getDb()
  )
    .select({ lastId: auditChain.lastId })
    .from(auditChain)
    .where(eq(auditChain.id, 1));
  const filename = `audit-log-${now.toISOString().slice(0, 10)}.csv`;
  return new Response(auditCsvStream(filters, head.lastId + 1), {
    status: 200,
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": contentDisposition("attachment", filename, "audit-log.csv"),
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
      "content-security-policy": FILE_CSP,
    },
  });
}
