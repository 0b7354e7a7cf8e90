import "server-only";
import { createHash } from "node:crypto";
import type { AuditLogRow } from "@/db/schema";

/** The hash the first row of a new chain follows (also set by migration 0008). */
export const GENESIS_HASH = "0".repeat(64);

/** What a row's hash covers: everything it says, but not the hashes themselves. */
export type ChainedContent = Pick<
  AuditLogRow,
  "id" | "at" | "actorId" | "actorEmail" | "action" | "targetType" | "targetId" | "details"
>;

/** JSON with object keys in code-point order at every level, so equal content hashes alike. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * A row's content in one fixed form: a JSON array of its fields in a fixed order, the time as
 * ISO 8601 in UTC to the millisecond (what the column holds: rows are written with a JavaScript
 * Date). jsonb gives `details` back with its keys in its own order, hence canonicalJson.
 */
export function canonicalContent(row: ChainedContent): string {
  return canonicalJson([
    row.id,
    row.at.toISOString(),
    row.actorId,
    row.actorEmail,
    row.action,
    row.targetType,
    row.targetId,
    row.details,
  ]);
}

/** SHA-256 (hex) over the previous row's hash, a line break and this row's canonical content. */
export function chainHash(prevHash: string, row: ChainedContent): string {
  return createHash("sha256")
    .update(`${prevHash}\n${canonicalContent(row)}`)
    .digest("hex");
}
