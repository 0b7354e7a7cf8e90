/**
 * The responses export (DESIGN §9): `GET /api/study/{id}/responses/export` of 10,000 and of
 * 100,000 responses from a production server (`next start`), on the embedded PGlite and on
 * Postgres. Measured: time to the last byte (budget < 30 s for 100,000), the server process's
 * resident memory sampled every 20 ms during each export (budget < 250 MB, and it must not grow
 * with the number of responses), and the slowest answer to `GET /api/health` asked every 100 ms
 * while the large export streams (other requests must keep being served). The CSV of 100,000
 * is downloaded too and its lines counted, so the figures are for a complete export.
 */
import { readFileSync, readdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  installDatabase,
  migrationsFolder,
  openPglite,
  openPostgres,
  type Database,
} from "@/db/client";
import { staffUsers, studies, surveyResponses, surveys } from "@/db/schema";
import { createSession, sessionCookieName } from "@/lib/auth/session";
import { sealedResponseRow } from "@/lib/responses/sealed-answers";
import type { StoredAnswer } from "@/lib/surveys/answers";
import type { Step } from "@/lib/surveys/schema";
import { BENCH_ADMIN_URL, type Backend } from "./database";
import { startServer } from "./server";

const PORT = 3457;
const COUNTS = [10_000, 100_000] as const;
/** A small study exported once after each start, so the route is loaded before measuring. */
const WARM_UP = 100;
const BENCH_DB = "rp_bench_export";
const RESPONSES_KEY = Buffer.alloc(32, 5).toString("base64");

export type ExportBenchRow = {
  backend: Backend;
  format: "xlsx" | "csv";
  responses: number;
  seconds: number;
  megabytes: number;
  /** Right after start and one export of 100 responses. */
  rssBeforeMb: number;
  peakRssMb: number;
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

async function fill(database: Database): Promise<{ studyIds: number[]; cookie: string }> {
  installDatabase(database);
  const db = database.db;
  const studyIds: number[] = [];
  for (const count of [...COUNTS, WARM_UP]) {
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

async function freshDatabase(backend: Backend): Promise<{
  database: Database;
  env: Record<string, string>;
  discard: () => Promise<void>;
}> {
  if (backend === "pglite") {
    const dir = path.join(mkdtempSync(path.join(os.tmpdir(), "rp-bench-export-")), "db");
    return {
      database: await openPglite(dir),
      env: { PGLITE_DIR: dir, DATABASE_URL: "" },
      discard: async () => rmSync(path.dirname(dir), { recursive: true, force: true }),
    };
  }
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  const url = new URL(BENCH_ADMIN_URL);
  url.pathname = `/${BENCH_DB}`;
  const admin = postgres(BENCH_ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${BENCH_DB} with (force)`);
  await admin.unsafe(`create database ${BENCH_DB}`);
  await admin.end();
  const client = postgres(url.toString(), { max: 1, onnotice: () => {} });
  await migrate(drizzle(client), { migrationsFolder });
  await client.end();
  return {
    database: await openPostgres(url.toString(), 4),
    env: { DATABASE_URL: url.toString() },
    discard: async () => {
      const cleanup = postgres(BENCH_ADMIN_URL, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`drop database if exists ${BENCH_DB} with (force)`);
      await cleanup.end();
    },
  };
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

async function measure(
  origin: string,
  cookie: string,
  backend: Backend,
  studyId: number,
  responses: number,
  format: "xlsx" | "csv",
): Promise<ExportBenchRow> {
  const rssBeforeMb = serverRssMb();
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
  const suffix = format === "csv" ? "?format=csv" : "";
  const result = await download(`${origin}/api/study/${studyId}/responses/export${suffix}`, cookie);
  probing = false;
  await probe;
  clearInterval(sampler);
  peak = Math.max(peak, serverRssMb());
  return {
    backend,
    format,
    responses,
    seconds: result.seconds,
    megabytes: result.bytes / 1e6,
    rssBeforeMb,
    peakRssMb: peak,
    slowestOtherMs: slowest,
    ...(format === "csv" ? { lines: result.lines } : {}),
  };
}

export async function benchExport(backends: Backend[]): Promise<ExportBenchRow[]> {
  process.env.RESPONSES_KEY = RESPONSES_KEY;
  const rows: ExportBenchRow[] = [];
  for (const backend of backends) {
    const { database, env, discard } = await freshDatabase(backend);
    const fillStart = performance.now();
    const { studyIds, cookie } = await fill(database);
    console.log(`${backend}: filled in ${((performance.now() - fillStart) / 1000).toFixed(1)} s`);
    // The embedded database belongs to one process at a time: the server's, from here on.
    await database.close();
    const serverEnv = {
      ...env,
      APP_URL: `http://127.0.0.1:${PORT}`,
      APP_SECRET: "bench-secret-bench-secret-bench-secret-0123",
      RESPONSES_KEY,
      MAIL_TRANSPORT: "memory",
      DISABLE_BACKGROUND_JOBS: "1",
      TRUST_PROXY: "1",
      RP_BENCH_EXPORT: String(PORT),
    };
    // A fresh server for each export, so each peak is that export's alone.
    const runs = [
      { index: 0, format: "xlsx" as const },
      { index: 1, format: "xlsx" as const },
      { index: 1, format: "csv" as const },
    ];
    try {
      for (const run of runs) {
        const server = await startServer(PORT, serverEnv);
        try {
          await download(
            `${server.url}/api/study/${studyIds[COUNTS.length]}/responses/export?format=csv`,
            cookie,
          );
          const row = await measure(
            server.url,
            cookie,
            backend,
            studyIds[run.index],
            COUNTS[run.index],
            run.format,
          );
          console.log(row);
          if (run.format === "csv" && row.lines !== COUNTS[run.index] + 1) {
            throw new Error(`CSV export had ${row.lines} lines, expected ${COUNTS[run.index] + 1}`);
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

export function exportTable(rows: ExportBenchRow[]): string {
  const lines = rows.map(
    (r) =>
      `| ${r.backend === "pglite" ? "embedded PGlite" : "Postgres"} | ${r.format} | ${r.responses.toLocaleString("en")} | ${r.seconds.toFixed(1)} | ${r.megabytes.toFixed(1)} | ${r.rssBeforeMb.toFixed(0)} | ${r.peakRssMb.toFixed(0)} | ${(r.peakRssMb - r.rssBeforeMb).toFixed(0)} | ${r.slowestOtherMs?.toFixed(0) ?? "–"} |`,
  );
  return `| database | format | responses | seconds | file MB | server RSS idle (MB) | server RSS peak (MB) | peak − idle (MB) | slowest /api/health meanwhile (ms) |
|---|---|---|---|---|---|---|---|---|
${lines.join("\n")}`;
}
