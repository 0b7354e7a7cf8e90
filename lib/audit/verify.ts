import "server-only";
import { asc, eq, gt } from "drizzle-orm";
import { transaction, type DbOrTx } from "@/db/client";
import { auditChain, auditLog } from "@/db/schema";
import { chainHash } from "./chain";

/**
 * Why a chain does not verify, with the first row concerned:
 * - `missing_row`: a row the chain should hold (by its consecutive ids) is not there;
 * - `wrong_link`: the row does not follow the hash of the row before it;
 * - `wrong_hash`: the row's content no longer gives its own hash (it was changed);
 * - `head_mismatch`: there are rows beyond the chain's head row, or the last row's hash is not
 *   the one the head row holds (rows removed at the end show as `missing_row`);
 * - `expected_head_not_found`: a hash kept elsewhere is neither the head nor any row's hash
 *   (the chain was rewritten since, or the hash belongs to another database).
 */
export type ChainProblem =
  "missing_row" | "wrong_link" | "wrong_hash" | "head_mismatch" | "expected_head_not_found";

export type ChainReport = {
  ok: boolean;
  /** Rows read (all of them when the chain is whole). */
  rowsChecked: number;
  firstId: number;
  lastId: number;
  head: string;
  problem?: { kind: ChainProblem; rowId: number | null };
  /** Where the hash kept elsewhere was found, when one was given and found. */
  expected?: { at: "head" | "row" | "start"; rowId: number | null };
};

export type VerifyOptions = {
  /** A head hash noted earlier (from the audit screen or a previous run) to look for. */
  expectedHead?: string;
  pageSize?: number;
};

/**
 * Reads the whole chain in id order, a page at a time, from one snapshot (so rows written
 * meanwhile neither break nor extend it), and checks each row's id, link and hash. The first
 * row must follow the start recorded in the head row, which the retention purge moves forward.
 */
export async function verifyAuditChain(
  db: DbOrTx,
  { expectedHead, pageSize = 1000 }: VerifyOptions = {},
): Promise<ChainReport> {
  return transaction(
    db,
    async (tx) => {
      const [chain] = await tx.select().from(auditChain).where(eq(auditChain.id, 1));
      const report: ChainReport = {
        ok: true,
        rowsChecked: 0,
        firstId: chain.firstId,
        lastId: chain.lastId,
        head: chain.lastHash,
      };
      const fail = (kind: ChainProblem, rowId: number | null) => {
        report.ok = false;
        report.problem = { kind, rowId };
        return report;
      };
      if (expectedHead === chain.lastHash) report.expected = { at: "head", rowId: chain.lastId };
      else if (expectedHead === chain.firstPrevHash) report.expected = { at: "start", rowId: null };

      let nextId = chain.firstId;
      let prevHash = chain.firstPrevHash;
      for (;;) {
        const rows = await tx
          .select()
          .from(auditLog)
          .where(gt(auditLog.id, nextId - 1))
          .orderBy(asc(auditLog.id))
          .limit(pageSize);
        for (const row of rows) {
          if (row.id !== nextId) return fail("missing_row", nextId);
          if (row.prevHash !== prevHash) return fail("wrong_link", row.id);
          if (row.hash !== chainHash(prevHash, row)) return fail("wrong_hash", row.id);
          if (!report.expected && row.hash === expectedHead) {
            report.expected = { at: "row", rowId: row.id };
          }
          report.rowsChecked++;
          prevHash = row.hash;
          nextId++;
        }
        if (rows.length < pageSize) break;
      }
      // Rows missing at the end, rows beyond the head, or a head row that says otherwise.
      if (nextId <= chain.lastId) return fail("missing_row", nextId);
      if (nextId > chain.lastId + 1) return fail("head_mismatch", chain.lastId + 1);
      if (prevHash !== chain.lastHash) return fail("head_mismatch", chain.lastId);
      if (expectedHead !== undefined && !report.expected) {
        return fail("expected_head_not_found", null);
      }
      return report;
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}
