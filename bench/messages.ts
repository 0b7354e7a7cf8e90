/**
 * Panel-message delivery (DESIGN §9): one message to 10,000 members through the fake provider
 * at MAIL_RATE_PER_SECOND=4, that is 100 batch requests, which cannot take less than 24.75 s.
 * Measured: the achieved request rate against the configured one (budget ≥ 0.9), the total time
 * from the start of sending until the message is `sent`, duplicates and lost mails (both must be
 * 0), and 429s from a provider that allows 5 requests a second. Senders run as separate
 * processes (app instances) against the database, the fake provider in this one: on the
 * embedded database one sender, on Postgres one and then two at once.
 */
import { eq, sql } from "drizzle-orm";
import { installDatabase, type Db } from "@/db/client";
import { panelMessageBatches, panelMessages } from "@/db/schema";
import { queueMessage } from "@/lib/mailings/queue";
import { busiestSecond, startFakeResend, type FakeResend } from "../tests/support/fake-resend";
import { startSenderProcess } from "../tests/support/sender-process-client";
import { freshDatabase, postgresReachable } from "./database";
import { cutOff } from "./format";

const MEMBERS = 10_000;
const RATE = 4;
const PROVIDER_LIMIT = 5;
const MIN_SECONDS = (MEMBERS / 100 - 1) / RATE;
const BENCH_DB = "rp_bench_messages";

/** The body of the benchmark's message: a heading, a link and an image, as staff write them. */
export const MESSAGE_BODY =
  '<h2>Doe mee</h2><p>Er is een nieuw onderzoek over omstanders. <a href="https://example.org/onderzoek">Lees meer</a></p><p><img src="/api/editor_image/0f8fad5b-d9cb-469f-a165-70867728950e" alt=""></p>';

/**
 * Inserts `count` confirmed members (`bench-member-<n>@example.org`, one in three English) in
 * one statement and returns their addresses.
 */
export async function seedMembers(db: Db, count: number): Promise<string[]> {
  const members = (await db.execute(sql`
    insert into panel_users (email, is_verified, locale, stop_nonce, verified_at)
    select 'bench-member-' || g || '@example.org', true,
           case when g % 3 = 0 then 'en' else 'nl' end, md5(g::text), now()
    from generate_series(1, ${count}) as g
    returning email`)) as unknown as { rows?: { email: string }[] } & { email: string }[];
  return (members.rows ?? members).map((r) => r.email);
}

type Scenario = { backend: "pglite" | "postgres"; senders: number };

export type DeliveryBenchRow = Scenario & {
  queueMs: number;
  totalS: number;
  requests: number;
  rateLimited: number;
  achievedRate: number;
  busiestSecond: number;
  delivered: number;
  duplicates: number;
  lost: number;
  failed: number;
  status: string;
  payloadsLeft: number;
};

const appEnv = {
  NODE_ENV: "production",
  APP_URL: "http://127.0.0.1:3456",
  APP_SECRET: "bench-secret-bench-secret-bench-secret-0123",
  RESPONSES_KEY: Buffer.alloc(32, 5).toString("base64"),
  MAIL_TRANSPORT: "resend",
  MAIL_RATE_PER_SECOND: String(RATE),
  TRUST_PROXY: "1",
};

async function runScenario(fake: FakeResend, scenario: Scenario): Promise<DeliveryBenchRow> {
  fake.reset();
  const { database, env, reopen, discard } = await freshDatabase(scenario.backend, BENCH_DB);
  installDatabase(database);
  const addresses = await seedMembers(database.db, MEMBERS);
  const [message] = await database.db
    .insert(panelMessages)
    .values({ subject: "Nieuw onderzoek", body: MESSAGE_BODY })
    .returning();
  const queueStart = performance.now();
  await queueMessage(message.id, null);
  const queueMs = performance.now() - queueStart;
  // The embedded database belongs to one process at a time: the sender's, from here on.
  await database.close();

  const senders = await Promise.all(
    Array.from({ length: scenario.senders }, () =>
      startSenderProcess({
        ...appEnv,
        ...env,
        RESEND_API_KEY: fake.apiKey,
        // Production refuses to send without a sender of its own (config/index.ts).
        MAIL_FROM: "Onderzoekspanel <panel@example.org>",
        RESEND_BASE_URL: fake.url,
      }),
    ),
  );
  const start = Date.now();
  for (const s of senders) s.go();
  const totals = await Promise.all(senders.map((s) => s.done));
  const totalS = (Date.now() - start) / 1000;

  const after = await reopen();
  const [row] = await after.db.select().from(panelMessages).where(eq(panelMessages.id, message.id));
  const [payloads] = (await after.db
    .select({ n: sql<number>`count(*)::int` })
    .from(panelMessageBatches)
    .where(sql`${panelMessageBatches.payload} is not null`)) as { n: number }[];
  await after.close();
  await discard();

  const batchRequests = fake.requests.filter((r) => r.path === "/emails/batch");
  const accepted = batchRequests.filter((r) => r.status === 200).map((r) => r.at);
  accepted.sort((a, b) => a - b);
  const to = fake.delivered.map((m) => m.to[0]);
  const unique = new Set(to);
  return {
    ...scenario,
    queueMs,
    totalS,
    requests: batchRequests.length,
    rateLimited: batchRequests.filter((r) => r.status === 429).length,
    achievedRate:
      accepted.length > 1 ? (accepted.length - 1) / ((accepted.at(-1)! - accepted[0]) / 1000) : 0,
    busiestSecond: busiestSecond(accepted),
    delivered: to.length,
    duplicates: to.length - unique.size,
    lost: addresses.filter((a) => !unique.has(a)).length,
    failed: totals.reduce((n, t) => n + t.failed, 0),
    status: row.communicationStatus,
    payloadsLeft: Number(payloads.n),
  };
}

function describe(r: DeliveryBenchRow): string {
  const label = `${r.backend === "pglite" ? "embedded PGlite" : "Postgres"}, ${r.senders} sender${r.senders > 1 ? " processes" : " process"}`;
  const ratio = r.achievedRate / RATE;
  return (
    `Panel message to ${MEMBERS.toLocaleString("en")} members, ${label}: ` +
    `${r.achievedRate.toFixed(2)} requests/s against ${RATE} configured = ${cutOff(ratio, 2)} (budget ≥ 0.9), ` +
    `${r.totalS.toFixed(1)} s in all (${MIN_SECONDS} s at the least; budget about 25 s), ` +
    `${r.requests} batch requests, ${r.rateLimited} answered 429 (provider limit ${PROVIDER_LIMIT}/s), busiest second ${r.busiestSecond}, ` +
    `${r.duplicates} duplicates, ${r.lost} lost, ${r.failed} failed, message ${r.status}, ` +
    `${r.payloadsLeft} recorded payloads left; queueing took ${r.queueMs.toFixed(0)} ms.`
  );
}

/** Runs the scenarios; returns the lines for BENCHMARKS.md and the raw rows. */
export async function benchMessages(): Promise<{ notes: string[]; rows: DeliveryBenchRow[] }> {
  const fake = await startFakeResend({ requestsPerSecond: PROVIDER_LIMIT });
  const rows: DeliveryBenchRow[] = [];
  const notes: string[] = [];
  try {
    const scenarios: Scenario[] = [{ backend: "pglite", senders: 1 }];
    if (await postgresReachable()) {
      scenarios.push({ backend: "postgres", senders: 1 }, { backend: "postgres", senders: 2 });
    } else {
      notes.push("Postgres was not reachable; only the embedded database was measured.");
    }
    for (const scenario of scenarios) {
      const row = await runScenario(fake, scenario);
      rows.push(row);
      notes.push(describe(row));
      console.log(describe(row));
    }
  } finally {
    await fake.close();
  }
  return { notes, rows };
}

export function deliveryTable(rows: DeliveryBenchRow[]): string {
  const lines = rows.map(
    (r) =>
      `| ${r.backend} | ${r.senders} | ${r.requests} | ${r.rateLimited} | ${r.achievedRate.toFixed(2)} | ${cutOff(r.achievedRate / RATE, 2)} | ${r.totalS.toFixed(1)} | ${r.busiestSecond} | ${r.duplicates} | ${r.lost} | ${r.failed} |`,
  );
  return [
    "| database | senders | requests | 429s | requests/s | ÷ configured | total s | busiest second | duplicates | lost | failed |",
    "|---|---|---|---|---|---|---|---|---|---|---|",
    ...lines,
  ].join("\n");
}
