/**
 * `npm run bench`: measures the performance budgets on this machine and writes the figures, each
 * beside its budget, to BENCHMARKS.md. `npm run bench -- messages` runs only the panel-message
 * delivery benchmark and updates only its section; `npm run bench -- export` likewise the
 * responses export.
 * Ratios are taken within one run against baselines served by the same `next start`, so the
 * machine's speed cancels out. Needs a production build (built here if missing) and, for the
 * Postgres figures, the server on 127.0.0.1:5432 (database `test`, user `postgres`).
 */
import { spawnSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import os from "node:os";
import { gzipSync } from "node:zlib";
import { load, type LoadResult } from "./load";
import { startServer } from "./server";
import { prepareDatabase, postgresReachable, type Backend } from "./database";
import { benchPanelList } from "./panel-list";
import { benchMessages, deliveryTable } from "./messages";
import { benchExport, exportTable } from "./export";
import { writeSection } from "./report";

const DURATION = Number(process.env.BENCH_DURATION_MS ?? 8000);
const WARMUP = 2000;
const PORT = 3456;

type Row = { backend: string; scenario: string; clients: number; r: LoadResult };
const rows: Row[] = [];
const notes: string[] = [];

function fmt(n: number, digits = 0) {
  return n.toFixed(digits);
}

async function firstLoadJs(url: string, pagePath: string): Promise<number> {
  const html = await (await fetch(url + pagePath)).text();
  // Scripts marked nomodule (legacy polyfills) are never downloaded by current browsers.
  const srcs = [...html.matchAll(/<script([^>]*)>/g)]
    .filter((m) => !/\bnomodule\b/i.test(m[1]))
    .map((m) => /src="([^"]+)"/.exec(m[1])?.[1])
    .filter((src): src is string => Boolean(src));
  let total = 0;
  for (const src of new Set(srcs)) {
    const body = Buffer.from(await (await fetch(new URL(src, url))).arrayBuffer());
    total += gzipSync(body).length;
  }
  return total / 1024;
}

async function exists(url: string, init?: RequestInit) {
  const res = await fetch(url, init);
  return res.status !== 404;
}

async function runBackend(backend: Backend) {
  const env = await prepareDatabase(backend);
  const server = await startServer(PORT, {
    ...env,
    APP_URL: `http://127.0.0.1:${PORT}`,
    APP_SECRET: "bench-secret-bench-secret-bench-secret-0123",
    RESPONSES_KEY: Buffer.alloc(32, 5).toString("base64"),
    MAIL_TRANSPORT: "memory",
    DISABLE_BACKGROUND_JOBS: "1",
    // The load generator plays many clients behind one proxy.
    TRUST_PROXY: "1",
  });
  const origin = server.url;
  try {
    const get = async (scenario: string, p: string, clients = 50) => {
      const r = await load({
        url: origin + p,
        connections: clients,
        durationMs: DURATION,
        warmupMs: WARMUP,
      });
      rows.push({ backend, scenario, clients, r });
      return r;
    };
    const post = async (
      scenario: string,
      p: string,
      body: (i: number) => string,
      clients: number,
    ) => {
      const r = await load({
        url: origin + p,
        method: "POST",
        headers: { "content-type": "application/json", origin },
        // Each request from its own client address, as real sign-ups are: per-client limits
        // must not be what is measured.
        headersFor: (i) => ({
          "x-forwarded-for": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
        }),
        body,
        connections: clients,
        durationMs: DURATION,
        warmupMs: WARMUP,
      });
      rows.push({ backend, scenario, clients, r });
      return r;
    };

    if (backend === "pglite") {
      const staticFile = await get("static file", "/.well-known/security.txt");
      for (const page of ["/", "/research", "/news"]) {
        if (!(await exists(origin + page, { redirect: "manual" }))) continue;
        const r = await get(`page ${page}`, page);
        notes.push(
          `Public page \`${page}\`: ${fmt((r.rps / staticFile.rps) * 100)} % of the static file's throughput (budget ≥ 70 %).`,
        );
        const js = await firstLoadJs(origin, page);
        notes.push(`First-load JS on \`${page}\`: ${fmt(js, 1)} kB gzipped (budget ≤ 110 kB).`);
      }
    }

    const run = `${Date.now().toString(36)}${backend}`;
    for (const clients of [50, 100]) {
      // Baseline: the unknown-path handler, a trivial JSON answer behind the same proxy and
      // routing as every API call; its 404 is its normal answer here.
      const trivial = await post("trivial JSON POST", "/api/unknown-path", () => "{}", clients);
      trivial.errors -= trivial.statuses["404"] ?? 0;
      const signup = await post(
        "POST /api/panel_user",
        "/api/panel_user",
        (i) => JSON.stringify({ email: `bench-${run}-${clients}-${i}@example.org` }),
        clients,
      );
      if (signup.statuses["404"]) {
        notes.push(`${backend}: POST /api/panel_user does not exist yet; not measured.`);
        rows.pop();
      } else {
        notes.push(
          `${backend}, ${clients} clients: sign-up at ${fmt((signup.rps / trivial.rps) * 100)} % of the trivial POST's throughput (budget ≥ 60 %), p99 ${fmt(signup.p99, 1)} ms vs ${fmt(trivial.p99, 1)} ms (budget ≤ 2×), ${signup.errors} errors.`,
        );
      }
    }
  } finally {
    await server.stop();
  }
}

/** The delivery benchmark needs no build or server: it runs senders against the database. */
async function runMessages() {
  const { notes: lines, rows: results } = await benchMessages();
  const cpu = os.cpus()[0]?.model ?? "unknown";
  writeSection(
    "BENCHMARKS.md",
    "Panel message delivery",
    `Measured by \`npm run bench -- messages\` on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} cores (${cpu}), Node ${process.version}. Sender processes, the fake provider and the database share the machine. 100 requests at 4 a second cannot take less than 24.75 s; "busiest second" is the most requests the provider saw within any 1,000 ms, where 5 means one request arrived a millisecond or so late (the provider allows 5).

${lines.map((n) => `- ${n}`).join("\n")}

${deliveryTable(results)}`,
  );
}

/** The export benchmark needs the production build; it starts its own server per database. */
async function runExport() {
  const backends: Backend[] = ["pglite"];
  if (await postgresReachable()) backends.push("postgres");
  const results = await benchExport(backends);
  const cpu = os.cpus()[0]?.model ?? "unknown";
  const label = (b: Backend) => (b === "pglite" ? "Embedded PGlite" : "Postgres");
  const lines: string[] = [];
  for (const backend of backends) {
    const [small, large] = [10_000, 100_000].map((n) =>
      results.find((r) => r.backend === backend && r.format === "xlsx" && r.responses === n),
    );
    if (!small || !large) continue;
    const grew = (r: typeof small) => r.peakRssMb - r.rssBeforeMb;
    lines.push(
      `${label(backend)}, 100,000 responses as xlsx: ${large.seconds.toFixed(1)} s (budget < 30 s: ${large.seconds < 30 ? "met" : "MISSED"}); server peak ${large.peakRssMb.toFixed(0)} MB, of which ${large.rssBeforeMb.toFixed(0)} MB before the export started (budget < 250 MB peak: ${large.peakRssMb < 250 ? "met" : "MISSED"}; the export's own share ${grew(large).toFixed(0)} MB: ${grew(large) < 250 ? "within" : "over"} 250 MB).`,
      `${label(backend)}, growth with the number of responses: the export added ${grew(small).toFixed(0)} MB to the server for 10,000 responses and ${grew(large).toFixed(0)} MB for 100,000.`,
    );
  }
  if (backends.length === 1)
    lines.push("Postgres was not reachable; only the embedded database was measured.");
  writeSection(
    "BENCHMARKS.md",
    "Responses export",
    `Measured by \`npm run bench -- export\` on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} cores (${cpu}), Node ${process.version}, against \`next start\` of the production build. Each response answers ten questions (four open answers of about 120 characters, four multiple choice, one scale). Time is to the last byte of the download; memory is the server process's resident set, sampled every 20 ms during each export; each export runs on a freshly started server, and "idle" is its resident set after one export of 100 responses has loaded the route; "slowest /api/health" is the slowest of the health checks asked every 100 ms during that export. The CSV of 100,000 is counted line by line to check it is complete. Client, server and database share the machine (and, here, other work).

${lines.map((n) => `- ${n}`).join("\n")}

${exportTable(results)}`,
  );
}

function ensureBuild() {
  if (!existsSync(".next/BUILD_ID")) {
    const build = spawnSync("npx", ["next", "build"], { stdio: "inherit" });
    if (build.status !== 0) process.exit(1);
  }
}

async function main() {
  if (process.argv.slice(2).includes("messages")) {
    await runMessages();
    return;
  }
  if (process.argv.slice(2).includes("export")) {
    ensureBuild();
    await runExport();
    return;
  }
  ensureBuild();
  await runBackend("pglite");
  if (await postgresReachable()) await runBackend("postgres");
  else notes.push("Postgres was not reachable; only the embedded database was measured.");

  const panel = await benchPanelList();
  notes.push(...panel);

  const cpu = os.cpus()[0]?.model ?? "unknown";
  const table = rows
    .map(
      (x) =>
        `| ${x.backend} | ${x.scenario} | ${x.clients} | ${fmt(x.r.rps)} | ${fmt(x.r.p50, 1)} | ${fmt(x.r.p99, 1)} | ${x.r.errors} |`,
    )
    .join("\n");
  const md = `# Benchmarks

Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} cores (${cpu}),
${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}. Load generator and server share the machine,
so compare ratios within one run, not absolute numbers across machines. ${DURATION / 1000} s per scenario
after a ${WARMUP / 1000} s warm-up.

## Results

${notes.map((n) => `- ${n}`).join("\n")}

## Raw figures

| database | scenario | clients | req/s | p50 ms | p99 ms | errors |
|---|---|---|---|---|---|---|
${table}
`;
  writeFileSync("BENCHMARKS.md", md);
  console.log(md);
  await runMessages();
  await runExport();
}

await main();
