import { auditCsvResponse } from "@/lib/audit/csv";
import { listAuditLog } from "@/lib/audit/list";
import { auditLogQuerySchema } from "@/lib/audit/schemas.shared";
import { otherMethods, route } from "@/lib/http/handler";

export const dynamic = "force-dynamic";
// A long log takes a while to stream; hosts with a time limit per call allow this much.
export const maxDuration = 60;

/** Admin: the audit log, newest first, a page at a time; `format=csv` downloads every match. */
export const GET = route({ auth: "admin", query: auditLogQuerySchema }, ({ query }) => {
  const { page, per_page, format, ...filters } = query;
  return format === "csv" ? auditCsvResponse(filters) : listAuditLog(filters, page, per_page);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
