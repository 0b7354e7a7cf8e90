/**
 * A second app instance that only sends panel messages, for tests and benchmarks of several
 * senders on one Postgres. Configured by the environment like the app (DATABASE_URL, RESEND_*,
 * MAIL_RATE_PER_SECOND). Prints `{"ready":true}` once connected, starts on a line "go" on
 * stdin, runs until nothing is pending, then prints its totals as one JSON line.
 * Run with: tsx --conditions=react-server tests/support/sender-process.ts
 */
import { createInterface } from "node:readline";
import { getDatabase } from "@/db/client";
import { deliverPending } from "@/lib/mailings/delivery/deliver";

const database = await getDatabase();
await database.db.execute("select 1");
console.log(JSON.stringify({ ready: true }));
await new Promise<void>((resolve) => {
  const lines = createInterface({ input: process.stdin });
  lines.on("line", (line) => {
    if (line.trim() === "go") {
      lines.close();
      resolve();
    }
  });
});

const totals = { batches: 0, sent: 0, failed: 0 };
for (;;) {
  const run = await deliverPending({ deadlineMs: 10_000 });
  totals.batches += run.batches;
  totals.sent += run.sent;
  totals.failed += run.failed;
  if (run.pending === 0) break;
  if (run.batches === 0) {
    await new Promise((r) => setTimeout(r, Math.min(250, Math.max(20, run.nextDueInMs ?? 250))));
  }
}
console.log(JSON.stringify(totals));
await database.close();
// Standard input stays open for the parent's pipe; nothing else is left to do.
process.exit(0);
