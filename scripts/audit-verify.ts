import { fail, openScriptDatabase, parseOptions } from "./cli";
import { verifyAuditChain, type ChainReport } from "@/lib/audit/verify";

// npm run audit:verify -- [--expect <hash>]
// Checks the audit log's hash chain and names the first row that breaks it; exit code 0 when
// the chain is whole, 1 when it is not, 2 when it could not be checked.
const usage = `Usage: npm run audit:verify -- [--expect <hash>]

Checks every row of the audit log: consecutive ids, each row following the hash of the one
before, each row's content still giving its own hash, and the chain ending at its head.

--expect <hash>  a head hash kept somewhere else (copied from the audit screen, or printed by
                 an earlier run). It must be the current head or a row's hash still in the
                 chain: otherwise the chain was rewritten after it was noted.

Uses DATABASE_URL when it is set, otherwise the embedded database in PGLITE_DIR (stop the dev
server first: the embedded database can be opened by one process at a time).`;

const HASH = /^[0-9a-f]{64}$/;

const args = parseOptions(
  {
    expect: { type: "string" },
  },
  usage,
  2,
);
const expectedHead = args.expect?.trim().toLowerCase();
if (expectedHead !== undefined && !HASH.test(expectedHead)) {
  fail(`--expect needs a SHA-256 hash: 64 hexadecimal characters.\n\n${usage}`, 2);
}

const PROBLEMS: Record<NonNullable<ChainReport["problem"]>["kind"], (id: number | null) => string> =
  {
    missing_row: (id) => `row ${id} is missing (removed by hand)`,
    wrong_link: (id) => `row ${id} does not follow the hash of the row before it`,
    wrong_hash: (id) => `row ${id} was changed after it was written (its hash no longer matches)`,
    head_mismatch: (id) => `the chain's head row does not match its rows (at row ${id})`,
    expected_head_not_found: () =>
      "the expected hash is not in the chain: the log was rewritten after it was noted, or it comes from another database",
  };

function describe(report: ChainReport): string {
  const lines = [
    report.ok
      ? "Audit log chain is whole."
      : `Audit log chain is BROKEN: ${PROBLEMS[report.problem!.kind](report.problem!.rowId)}.`,
    `Rows checked: ${report.rowsChecked} (chain from row ${report.firstId} to row ${report.lastId}).`,
    `Head: ${report.head}`,
  ];
  if (report.expected?.at === "head") lines.push("The expected hash is the current head.");
  if (report.expected?.at === "row") {
    lines.push(
      `The expected hash is row ${report.expected.rowId}'s; ${report.lastId - report.expected.rowId!} rows were written since.`,
    );
  }
  if (report.expected?.at === "start") {
    lines.push("The expected hash is where the chain now starts: the rows up to it were purged.");
  }
  return lines.join("\n");
}

let exitCode = 2;
try {
  const database = await openScriptDatabase();
  try {
    const report = await verifyAuditChain(database.db, { expectedHead });
    console.log(describe(report));
    exitCode = report.ok ? 0 : 1;
  } finally {
    await database.close();
  }
} catch (error) {
  // The driver's own error, never drizzle's wrapper that quotes the statement.
  const cause = ((error as { cause?: unknown })?.cause ?? error) as { message?: string };
  console.error(`Could not check the audit log: ${cause.message ?? String(cause)}`);
}
process.exit(exitCode);
