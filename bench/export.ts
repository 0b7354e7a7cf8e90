/**
 * The responses export (DESIGN §9): `GET /api/study/{id}/responses/export` of 10,000, 50,000,
 * 100,000 and 200,000 responses from a production server, on the embedded PGlite and on Postgres. Measured:
 * time to the last byte (budget < 30 s for 100,000), the server process's resident memory
 * sampled every 20 ms during each export (budget < 250 MB, and it must not grow with the number
 * of responses), the server's JavaScript heap as its own `--trace-gc` lines report it, and the
 * slowest answer to `GET /api/health` asked every 100 ms while the export streams (other
 * requests must keep being served). Every CSV is counted line by line, so the figures are for
 * complete exports.
 *
 * Two setups are measured. The growth series runs on the standalone server (`node server.js`,
 * as in the Docker image) with the heap cap README recommends (`--max-old-space-size`): with a
 * fixed cap, memory the export kept per response would show as a higher peak, a larger live
 * heap or a failed export at 100,000, and memory V8 merely had no reason to collect yet cannot
 * hide it. `next start` with Node's default heap (sized from the machine's memory) is measured
 * for comparison with earlier runs, and `next start` with the same cap to show what that start
 * command costs.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { installDatabase, type Database } from "@/db/client";
import { staffUsers, studies, surveyResponses, surveys } from "@/db/schema";
import { createSession, sessionCookieName } from "@/lib/auth/session";
import { sealedResponseRow } from "@/lib/responses/sealed-answers";
import type { StoredAnswer } from "@/lib/surveys/answers.shared";
import type { Step } from "@/lib/surveys/schema.shared";
import { freshDatabase, type Backend } from "./database";
import { startServer } from "./server";
import { builtAppUrl } from "../scripts/built-app-url";

const PORT = Number(process.env.BENCH_EXPORT_PORT ?? 3457);
/**
 * The growth series. 200,000 goes past the budget's 100,000 so that a peak that rose from 10,000
 * to 100,000 shows whether it keeps rising with the responses or has levelled off.
 */
const COUNTS = [10_000, 50_000, 100_000, 200_000] as const;
/** The production setting README recommends; the growth series runs under it. */
export const HEAP_CAP_MB = 192;
/** A small study exported once after each start, so the route is loaded before measuring. */
const WARM_UP = 100;
const BENCH_DB = "rp_bench_export";
const RESPONSES_KEY = Buffer.alloc(32, 5).toString("base64");

/** How the server is started: `next start`, or `node server.js` in `.next/standalone`. */
export type ServerKind = "next start" | "standalone";

export type ExportBenchRow = {
  backend: Backend;
  server: ServerKind;
  /** `--max-old-space-size`, or null for Node's default. */
  heapCapMb: number | null;
  format: "xlsx" | "csv";
  responses: number;
  seconds: number;
  megabytes: number;
  /** Right after start and one export of 100 responses. */
  rssBeforeMb: number;
  peakRssMb: number;
  /** The largest heap left after a full (mark-compact) collection during the export: live data. */
  heapLiveMb: number | null;
  /** The most heap V8 held (committed) after any collection during the export. */
  heapCommittedMb: number | null;
  slowestOtherMs: number | null;
  lines?: number;
};

/** Ten questions of every type, as a real questionnaire might have. */
function steps(): Step[] {
  const blocks: Step["blocks"] = [];
  for (let i = 0; i < 4; i++) {
    blocks.push({
      type: "open_question",
      data_name: `open_${i}`,
      order: blocks.length,
      question_text: `Open question ${i}?`,
      is_required: false,
    });
    blocks.push({
      type: "multiple_choice",
      is_required: true,
      data_name: `choice_${i}`,
      order: blocks.length,
      question_text: `Choice ${i}?`,
      allow_multiple: true,
      options: ["Home", "Work", "School", "Online", "Elsewhere"].map((text, order) => ({
        order,
        text,
      })),
    });
  }
  blocks.push({
    type: "scale",
    is_required: true,
    data_name: "scale_0",
    order: blocks.length,
    question_text: "How much?",
    min_value: 1,
    max_value: 7,
    min_label: "little",
    max_label: "much",
  });
  return [{ order: 0, blocks }];
}

function answers(i: number): StoredAnswer[] {
  const out: StoredAnswer[] = [];
  for (let q = 0; q < 4; q++) {
    out.push({
      type: "open_question",
      data_name: `open_${q}`,
      question_text: `Open question ${q}?`,
      open_answer: `Answer ${i} to question ${q}: ${"some words of a longer story ".repeat(3)}`,
    });
    out.push({
      type: "multiple_choice",
      data_name: `choice_${q}`,
      question_text: `Choice ${q}?`,
      selected_options: i % 2 ? ["Home", "Online"] : ["Work"],
    });
  }
  out.push({
    type: "scale",
    data_name: "scale_0",
    question_text: "How much?",
    scale_value: 1 + (i % 7),
  });
  return out;
}

export async function fill(
  database: Database,
  counts: readonly number[],
): Promise<{ studyIds: number[]; cookie: string }> {
  installDatabase(database);
  const db = database.db;
  const studyIds: number[] = [];
  for (const count of counts) {
    const [study] = await db
      .insert(studies)
      .values({ name: `Export ${count}`, status: "open" })
      .returning({ id: studies.id });
    await db.insert(surveys).values({ studyId: study.id, steps: steps() });
    for (let i = 0; i < count; i += 1000) {
      await db.insert(surveyResponses).values(
        Array.from({ length: Math.min(1000, count - i) }, (_, j) => ({
          ...sealedResponseRow(study.id, answers(i + j)),
          tokenHash: `bench-${study.id}-${i + j}`,
        })),
      );
    }
    studyIds.push(study.id);
  }
  const [user] = await db
    .insert(staffUsers)
    .values({ email: "bench-export@example.org", isVerified: true })
    .returning();
  const { token } = await createSession(user.id);
  return { studyIds, cookie: `${sessionCookieName()}=${token}` };
}

/**
 * Resident memory (MB) of the server: the largest process started with our marker variable
 * (npx, the next CLI and the server it may run in a child all inherit it; the server is the
 * large one).
 */
function serverRssMb(): number {
  let largest = 0;
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const environ = readFileSync(`/proc/${pid}/environ`, "utf8");
      if (!environ.includes(`RP_BENCH_EXPORT=${PORT}\0`)) continue;
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      largest = Math.max(largest, kb / 1024);
    } catch {
      // gone, or not ours to read
    }
  }
  return largest;
}

/**
 * One collection as `--trace-gc` prints it, e.g.
 * `Mark-Compact 72.3 (105.4) -> 69.8 (105.4) MB, …`: heap used (committed) before and after.
 */
const GC_LINE =
  /(Scavenge|Minor Mark-Sweep|Mark-Compact)[^\n]*?([\d.]+) \(([\d.]+)\) -> ([\d.]+) \(([\d.]+)\) MB/g;

export type GcEvent = { full: boolean; usedAfterMb: number; committedAfterMb: number };

/** The collections in a piece of `--trace-gc` output (whole lines only). */
export function gcEvents(text: string): GcEvent[] {
  return [...text.matchAll(GC_LINE)].map((m) => ({
    full: m[1] === "Mark-Compact",
    usedAfterMb: Number(m[4]),
    committedAfterMb: Number(m[5]),
  }));
}

/** Collects the server's `--trace-gc` lines; `take()` returns those since the last call. */
function gcLog() {
  let pending = "";
  let events: GcEvent[] = [];
  return {
    onOutput(text: string) {
      pending += text;
      const end = pending.lastIndexOf("\n");
      if (end < 0) return;
      events.push(...gcEvents(pending.slice(0, end + 1)));
      pending = pending.slice(end + 1);
    },
    take(): GcEvent[] {
      const taken = events;
      events = [];
      return taken;
    },
  };
}

async function download(
  url: string,
  cookie: string,
): Promise<{ seconds: number; bytes: number; lines: number }> {
  const start = performance.now();
  const res = await fetch(url, { headers: { cookie } });
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  let bytes = 0;
  let lines = 0;
  const reader = res.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    for (const b of value) if (b === 10) lines++;
  }
  return { seconds: (performance.now() - start) / 1000, bytes, lines };
}

type Run = {
  server: ServerKind;
  heapCapMb: number | null;
  format: "xlsx" | "csv";
  responses: (typeof COUNTS)[number];
};

async function measure(
  origin: string,
  cookie: string,
  backend: Backend,
  studyId: number,
  run: Run,
  gc: ReturnType<typeof gcLog>,
): Promise<ExportBenchRow> {
  const rssBeforeMb = serverRssMb();
  gc.take();
  let peak = rssBeforeMb;
  const sampler = setInterval(() => (peak = Math.max(peak, serverRssMb())), 20);
  let slowest = 0;
  let probing = true;
  const probe = (async () => {
    while (probing) {
      const start = performance.now();
      const res = await fetch(`${origin}/api/health`);
      await res.text();
      slowest = Math.max(slowest, performance.now() - start);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const suffix = run.format === "csv" ? "?format=csv" : "";
  const result = await download(`${origin}/api/study/${studyId}/responses/export${suffix}`, cookie);
  probing = false;
  await probe;
  clearInterval(sampler);
  peak = Math.max(peak, serverRssMb());
  // The last lines may still be on their way through the pipe.
  await new Promise((r) => setTimeout(r, 200));
  const events = gc.take();
  const full = events.filter((e) => e.full);
  return {
    backend,
    ...run,
    seconds: result.seconds,
    megabytes: result.bytes / 1e6,
    rssBeforeMb,
    peakRssMb: peak,
    heapLiveMb: full.length ? Math.max(...full.map((e) => e.usedAfterMb)) : null,
    heapCommittedMb: events.length ? Math.max(...events.map((e) => e.committedAfterMb)) : null,
    slowestOtherMs: slowest,
    ...(run.format === "csv" ? { lines: result.lines } : {}),
  };
}

/** Each export on a freshly started server, so each peak is that export's alone. */
const RUNS: Run[] = [
  ...COUNTS.map((responses) => ({
    server: "standalone" as const,
    heapCapMb: HEAP_CAP_MB,
    format: "xlsx" as const,
    responses,
  })),
  ...([10_000, 100_000] as const).map((responses) => ({
    server: "standalone" as const,
    heapCapMb: HEAP_CAP_MB,
    format: "csv" as const,
    responses,
  })),
  { server: "next start", heapCapMb: HEAP_CAP_MB, format: "xlsx", responses: 100_000 },
  ...([10_000, 100_000] as const).map((responses) => ({
    server: "next start" as const,
    heapCapMb: null,
    format: "xlsx" as const,
    responses,
  })),
];

/** Where `npm run build:standalone` leaves the standalone server. */
export const STANDALONE_DIR = path.join(process.cwd(), ".next", "standalone");

/** The servers' configuration, apart from their database. */
const SERVER_ENV = {
  NODE_ENV: "production",
  APP_URL: builtAppUrl(`http://127.0.0.1:${PORT}`),
  APP_SECRET: "bench-secret-bench-secret-bench-secret-0123",
  RESPONSES_KEY,
  // Nothing here sends mail; the memory transport is refused in production.
  MAIL_TRANSPORT: "log",
  MAIL_TRANSPORT_LOG_IN_PRODUCTION: "1",
  DISABLE_BACKGROUND_JOBS: "1",
  TRUST_PROXY: "1",
  RP_BENCH_EXPORT: String(PORT),
};

export async function benchExport(backends: Backend[]): Promise<ExportBenchRow[]> {
  // The session is made under the servers' own configuration, so its cookie has the name a
  // production server reads (`__Host-session`).
  Object.assign(process.env, SERVER_ENV);
  const rows: ExportBenchRow[] = [];
  for (const backend of backends) {
    const { database, env, discard } = await freshDatabase(backend, BENCH_DB);
    const fillStart = performance.now();
    const { studyIds, cookie } = await fill(database, [...COUNTS, WARM_UP]);
    console.log(`${backend}: filled in ${((performance.now() - fillStart) / 1000).toFixed(1)} s`);
    // The embedded database belongs to one process at a time: the server's, from here on.
    await database.close();
    const serverEnv = { ...SERVER_ENV, ...env };
    try {
      for (const run of RUNS) {
        const gc = gcLog();
        const nodeArgs = [
          "--trace-gc",
          ...(run.heapCapMb ? [`--max-old-space-size=${run.heapCapMb}`] : []),
        ];
        const server =
          run.server === "standalone"
            ? await startServer(PORT, serverEnv, STANDALONE_DIR, nodeArgs, {
                script: ["server.js"],
                onOutput: gc.onOutput,
              })
            : await startServer(PORT, serverEnv, process.cwd(), nodeArgs, {
                onOutput: gc.onOutput,
              });
        try {
          await download(
            `${server.url}/api/study/${studyIds[COUNTS.length]}/responses/export?format=csv`,
            cookie,
          );
          const row = await measure(
            server.url,
            cookie,
            backend,
            studyIds[COUNTS.indexOf(run.responses)],
            run,
            gc,
          );
          console.log(row);
          if (run.format === "csv" && row.lines !== run.responses + 1) {
            throw new Error(`CSV export had ${row.lines} lines, expected ${run.responses + 1}`);
          }
          rows.push(row);
        } finally {
          await server.stop();
          // The embedded database's folder must be free before the next server opens it.
          await new Promise((r) => setTimeout(r, 1500));
        }
      }
    } finally {
      await discard();
    }
  }
  return rows;
}

const mb = (n: number | null) => (n === null ? "–" : n.toFixed(0));

export function serverLabel(r: Pick<ExportBenchRow, "server" | "heapCapMb">): string {
  const start = r.server === "standalone" ? "node server.js" : "next start";
  return `${start}, ${r.heapCapMb ? `heap cap ${r.heapCapMb} MB` : "default heap"}`;
}

export function exportTable(rows: ExportBenchRow[]): string {
  const lines = rows.map(
    (r) =>
      `| ${r.backend === "pglite" ? "embedded PGlite" : "Postgres"} | ${serverLabel(r)} | ${r.format} | ${r.responses.toLocaleString("en")} | ${r.seconds.toFixed(1)} | ${r.megabytes.toFixed(1)} | ${mb(r.rssBeforeMb)} | ${mb(r.peakRssMb)} | ${mb(r.peakRssMb - r.rssBeforeMb)} | ${mb(r.heapLiveMb)} | ${mb(r.heapCommittedMb)} | ${r.slowestOtherMs?.toFixed(0) ?? "–"} |`,
  );
  return `| database | server | format | responses | seconds | file MB | server RSS idle (MB) | server RSS peak (MB) | peak − idle (MB) | JS heap live after full GC (MB) | JS heap committed (MB) | slowest /api/health meanwhile (ms) |
|---|---|---|---|---|---|---|---|---|---|---|---|
${lines.join("\n")}`;
}
