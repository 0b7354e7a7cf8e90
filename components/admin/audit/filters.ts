import type { AuditAction } from "@/lib/audit/actions.shared";

/** What the audit screen's filter fields hold: dates as the date inputs give them. */
export type AuditScreenFilters = {
  action: AuditAction | "";
  actorId: number | null;
  /** YYYY-MM-DD, or "" for no bound. */
  from: string;
  to: string;
};

export const NO_FILTERS: AuditScreenFilters = { action: "", actorId: null, from: "", to: "" };

/** Unix seconds of a time of day on a date, in the reader's own time zone. */
function localSeconds(date: string, time: string): number {
  return Math.floor(new Date(`${date}T${time}`).getTime() / 1000);
}

/** An end date before the start date: nothing could match, so it is refused instead. */
export function datesReversed(filters: AuditScreenFilters): boolean {
  return filters.from !== "" && filters.to !== "" && filters.to < filters.from;
}

/** The API's query for these filters: from the start of `from` to the end of `to`, locally. */
export function auditQuery(filters: AuditScreenFilters): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.action) query.set("action", filters.action);
  if (filters.actorId !== null) query.set("actor_id", String(filters.actorId));
  if (filters.from) query.set("from", String(localSeconds(filters.from, "00:00:00")));
  if (filters.to) query.set("to", String(localSeconds(filters.to, "23:59:59")));
  return query;
}
