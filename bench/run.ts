/**
 * `npm run bench`: measures the performance budgets on this machine and writes the figures, each
 * beside its budget, to BENCHMARKS.md. `npm run bench -- messages` runs only the panel-message
 * delivery benchmark and updates only its section; `npm run bench -- export` likewise the
 * responses export. `--no-messages` and `--no-export` leave those out of a full run, and
 * `--cpu-prof` adds a CPU profile of each server to the report.
 * Ratios are taken within one run against baselines served by the same `next start`, so the
 * machine's speed cancels out. Needs a production build (built here if missing) and, for the
 * Postgres figures, the server on 127.0.0.1:5432 (database `test`, user `postgres`).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { load, type LoadResult } from "./load";
import { startServer } from "./server";
import { prepareDatabase, postgresReachable, type Backend } from "./database";
import { benchPanelList } from "./panel-list";
import { benchMessages, deliveryTable } from "./messages";
import { benchExport, exportTable, HEAP_CAP_MB, STANDALONE_DIR } from "./export";
import { writeSection } from "./report";
import { buildMinimalApp, MINIMAL_DIR, removeMinimalApp } from "./minimal-app";
import { topFunctions } from "./profile";

const DURATION = Number(process.env.BENCH_DURATION_MS ?? 8000);
const WARMUP = 2000;
const PORT = 3456;

type Row = { backend: string; scenario: string; clients: number; r: LoadResult };
const rows: Row[] = [];

const LIMITS_NOTE =
  "Rate limits: the server runs with TRUST_PROXY=1 and every benchmark request comes from its own client address (X-Forwarded-For) and, for sign-ups, its own e-mail address, so no per-client or per-address limit applies; this build has no site-wide ceiling other than the shared key used without a trusted proxy, which the benchmark does not use.";
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

/** Answers for every question of a survey that pass its rules: the first option, the lowest value. */
function answersFor(survey: {
  steps: { blocks: Record<string, unknown>[] }[];
}): Record<string, unknown>[] {
  const answers: Record<string, unknown>[] = [];
  for (const step of survey.steps) {
    for (const block of step.blocks) {
      const base = { type: block.type, data_name: block.data_name };
      if (block.type === "open_question") answers.push({ ...base, open_answer: "bench" });
      if (block.type === "multiple_choice") {
        const options = block.options as { text: string }[];
        answers.push({ ...base, selected_options: [options[0].text] });
      }
      if (block.type === "scale") answers.push({ ...base, scale_value: block.min_value });
    }
  }
  return answers;
}

/** Every request from its own client address, as real visitors are. */
function addressOf(i: number): string {
  return `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
}

const PROFILE = process.argv.includes("--cpu-prof");

async function runBackend(backend: Backend) {
  const env = await prepareDatabase(backend);
  const profileDir = PROFILE ? mkdtempSync(path.join(os.tmpdir(), `rp-prof-${backend}-`)) : "";
  const server = await startServer(
    PORT,
    {
      ...env,
      APP_URL: `http://127.0.0.1:${PORT}`,
      APP_SECRET: "bench-secret-bench-secret-bench-secret-0123",
      RESPONSES_KEY: Buffer.alloc(32, 5).toString("base64"),
      MAIL_TRANSPORT: "memory",
      DISABLE_BACKGROUND_JOBS: "1",
      // The load generator plays many clients behind one proxy, each request from its own
      // address: per-client limits then never apply, so the server is measured, not the limiter.
      TRUST_PROXY: "1",
    },
    process.cwd(),
    PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [],
  );
  const origin = server.url;
  try {
    const get = async (scenario: string, url: string, clients = 50) => {
      const r = await load({ url, connections: clients, durationMs: DURATION, warmupMs: WARMUP });
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
        headersFor: (i) => ({ "x-forwarded-for": addressOf(i) }),
        body,
        connections: clients,
        durationMs: DURATION,
        warmupMs: WARMUP,
      });
      rows.push({ backend, scenario, clients, r });
      return r;
    };

    if (backend === "pglite") {
      const staticFile = await get("static file", `${origin}/.well-known/security.txt`);
      // The floor: a minimal App Router page and a static file from its own `next start`.
      let floorPage: LoadResult | undefined;
      let floorJs = 0;
      const minimal = await startMinimal();
      try {
        const floorStatic = await get("minimal app: static file", `${minimal.url}/static.txt`);
        floorPage = await get("minimal app: page /", `${minimal.url}/`);
        floorJs = await firstLoadJs(minimal.url, "/");
        notes.push(
          `Floor: a minimal App Router page answers ${fmt(floorPage.rps)} req/s (${fmt((floorPage.rps / floorStatic.rps) * 100)} % of its own static file, ${fmt((floorPage.rps / staticFile.rps) * 100)} % of this app's static file) and loads ${fmt(floorJs, 1)} kB of JS gzipped.`,
        );
      } finally {
        await minimal.stop();
      }
      for (const page of ["/", "/research", "/news"]) {
        if (!(await exists(origin + page, { redirect: "manual" }))) continue;
        const r = await get(`page ${page}`, origin + page);
        const js = await firstLoadJs(origin, page);
        notes.push(
          `Public page \`${page}\`: ${fmt(r.rps)} req/s, ${fmt((r.rps / staticFile.rps) * 100)} % of the static file (budget ≥ 70 %; the minimal page: ${fmt((floorPage.rps / staticFile.rps) * 100)} %); first-load JS ${fmt(js, 1)} kB gzipped, ${fmt(js - floorJs, 1)} kB above the minimal page's ${fmt(floorJs, 1)} kB (budget ≤ +20 kB).`,
        );
      }
    }

    const open = (await (await fetch(`${origin}/api/study/open`)).json()) as {
      items: { survey_uuid: string | null }[];
    };
    const surveyUuid = open.items.find((s) => s.survey_uuid)?.survey_uuid;
    const survey = surveyUuid
      ? await (await fetch(`${origin}/api/survey/${surveyUuid}`)).json()
      : undefined;
    const answers = survey ? JSON.stringify({ answers: answersFor(survey) }) : "";

    const run = `${Date.now().toString(36)}${backend}`;
    for (const clients of [50, 100]) {
      // Floor: the unknown-path handler, a trivial JSON answer behind the same proxy and
      // routing as every API call; its 404 is its normal answer here.
      const trivial = await post("trivial JSON POST", "/api/unknown-path", () => "{}", clients);
      trivial.errors -= trivial.statuses["404"] ?? 0;
      const figures: [string, LoadResult][] = [];
      figures.push([
        "sign-up",
        await post(
          "POST /api/panel_user",
          "/api/panel_user",
          (i) => JSON.stringify({ email: `bench-${run}-${clients}-${i}@example.org` }),
          clients,
        ),
      ]);
      if (surveyUuid) {
        figures.push([
          "survey submission",
          await post(
            "POST /api/survey/{uuid}/submit",
            `/api/survey/${surveyUuid}/submit`,
            () => answers,
            clients,
          ),
        ]);
      } else notes.push(`${backend}: no open study with a survey; submissions not measured.`);
      for (const [name, r] of figures) {
        notes.push(
          `${backend}, ${clients} clients: ${name} ${fmt(r.rps)} req/s, ${fmt((r.rps / trivial.rps) * 100)} % of the trivial POST's ${fmt(trivial.rps)} (budget ≥ 60 %), p99 ${fmt(r.p99, 1)} ms vs ${fmt(trivial.p99, 1)} ms = ${fmt(r.p99 / trivial.p99, 2)}× (budget ≤ 2×), ${r.errors} errors.`,
        );
      }
    }
  } finally {
    await server.stop();
  }
  if (PROFILE) {
    // The profile is written as the server exits.
    await new Promise((r) => setTimeout(r, 5000));
    profiles.push(
      `CPU profile of the ${backend} server over its whole run (self time):\n\n${topFunctions(
        profileDir,
      )
        .map((l) => `    ${l}`)
        .join("\n")}`,
    );
  }
}

const profiles: string[] = [];

async function startMinimal() {
  buildMinimalApp();
  return startServer(PORT + 1, {}, MINIMAL_DIR);
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

/** The `## ` sections of `previous` that `current` does not have, as Markdown. */
function otherSections(previous: string, current: string): string {
  const titles = new Set([...current.matchAll(/^## (.+)$/gm)].map((m) => m[1]));
  return previous
    .split(/\n(?=## )/)
    .filter((part) => part.startsWith("## ") && !titles.has(part.slice(3, part.indexOf("\n"))))
    .map((part) => `\n${part.trimEnd()}\n`)
    .join("");
}

/** The peak may vary this much between sizes before the export counts as growing with them. */
const FLAT_SHARE = 0.05;

/** The export benchmark needs the standalone build; it starts its own server per export. */
async function runExport() {
  const backends: Backend[] = ["pglite"];
  if (await postgresReachable()) backends.push("postgres");
  const results = await benchExport(backends);
  const cpu = os.cpus()[0]?.model ?? "unknown";
  const label = (b: Backend) => (b === "pglite" ? "Embedded PGlite" : "Postgres");
  const budget = (ok: boolean) => (ok ? "met" : "MISSED");
  const mb = (n: number | null) => (n === null ? "–" : `${n.toFixed(0)} MB`);
  const lines: string[] = [];
  for (const backend of backends) {
    const find = (server: string, cap: number | null, format: string, n: number) =>
      results.find(
        (r) =>
          r.backend === backend &&
          r.server === server &&
          r.heapCapMb === cap &&
          r.format === format &&
          r.responses === n,
      );
    const series = [10_000, 50_000, 100_000].map((n) => find("standalone", HEAP_CAP_MB, "xlsx", n));
    const csv = [10_000, 100_000].map((n) => find("standalone", HEAP_CAP_MB, "csv", n));
    const nextCapped = find("next start", HEAP_CAP_MB, "xlsx", 100_000);
    const nextDefault = [10_000, 100_000].map((n) => find("next start", null, "xlsx", n));
    const [small, , large] = series;
    if (!small || !large) continue;
    const within = (a: number, b: number) => Math.abs(b - a) <= FLAT_SHARE * a;
    const flat =
      within(small.peakRssMb, large.peakRssMb) &&
      (!csv[0] || !csv[1] || within(csv[0].peakRssMb, csv[1].peakRssMb));
    const setting = `\`node --max-old-space-size=${HEAP_CAP_MB} server.js\` (the standalone server with README's heap cap)`;
    lines.push(
      `${label(backend)}, ${setting}, 100,000 responses as xlsx: ${large.seconds.toFixed(1)} s (budget < 30 s: ${budget(large.seconds < 30)}); server peak ${mb(large.peakRssMb)}, of which ${mb(large.rssBeforeMb)} before the export started (budget < 250 MB: ${budget(large.peakRssMb < 250)}).`,
      `${label(backend)}, growth with the number of responses (same setting): server peak ${series.map((r) => mb(r?.peakRssMb ?? null)).join(" / ")} for 10,000 / 50,000 / 100,000 responses as xlsx and ${csv.map((r) => mb(r?.peakRssMb ?? null)).join(" / ")} for 10,000 / 100,000 as CSV; live JavaScript heap after a full collection ${series.map((r) => mb(r?.heapLiveMb ?? null)).join(" / ")} (xlsx). Memory ${flat ? "does not grow" : "GROWS"} with the number of responses (criterion: the 100,000 peak within ${FLAT_SHARE * 100}% of the 10,000 peak).`,
    );
    if (nextCapped)
      lines.push(
        `${label(backend)}, \`next start\` with the same heap cap, 100,000 as xlsx: ${nextCapped.seconds.toFixed(1)} s; server peak ${mb(nextCapped.peakRssMb)}, of which ${mb(nextCapped.rssBeforeMb)} before the export (budget < 250 MB: ${budget(nextCapped.peakRssMb < 250)}).`,
      );
    if (nextDefault[0] && nextDefault[1])
      lines.push(
        `${label(backend)}, \`next start\` with Node's default heap (as in earlier runs): the export added ${mb(nextDefault[0].peakRssMb - nextDefault[0].rssBeforeMb)} to the server for 10,000 responses and ${mb(nextDefault[1].peakRssMb - nextDefault[1].rssBeforeMb)} for 100,000 (peak ${mb(nextDefault[1].peakRssMb)}; budget < 250 MB: ${budget(nextDefault[1].peakRssMb < 250)}), with a live heap after full collections of ${mb(nextDefault[0].heapLiveMb)} and ${mb(nextDefault[1].heapLiveMb)}.`,
      );
  }
  if (backends.length === 1)
    lines.push("Postgres was not reachable; only the embedded database was measured.");
  writeSection(
    "BENCHMARKS.md",
    "Responses export",
    `Measured by \`npm run bench -- export\` on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} cores (${cpu}), Node ${process.version}, against the production build (standalone \`node server.js\`, and \`next start\`). Each response answers ten questions (four open answers of about 120 characters, four multiple choice, one scale). Time is to the last byte of the download. Memory is the server process's resident set, sampled every 20 ms during each export; each export runs on a freshly started server, and "idle" is its resident set after one export of 100 responses has loaded the route. The JavaScript heap figures are the server's own \`--trace-gc\` lines during the export: "live after full GC" is the largest heap left after a mark-compact (what is really held), "committed" the most V8 kept reserved. "Slowest /api/health" is the slowest of the health checks asked every 100 ms during that export. Every CSV is counted line by line to check it is complete. Client, server and database share the machine (and, here, other work).

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

const buildId = (dir: string) =>
  existsSync(path.join(dir, ".next", "BUILD_ID"))
    ? readFileSync(path.join(dir, ".next", "BUILD_ID"), "utf8").trim()
    : undefined;

/**
 * The export is measured on the standalone server as well, so its build must be the current
 * one; `next start` serves a standalone build too (with a warning).
 */
function ensureStandaloneBuild() {
  const current = buildId(".");
  if (!current || buildId(STANDALONE_DIR) !== current) {
    const build = spawnSync(process.execPath, ["scripts/standalone.mjs"], { stdio: "inherit" });
    if (build.status !== 0) process.exit(1);
  }
}

async function main() {
  if (process.argv.slice(2).includes("messages")) {
    await runMessages();
    return;
  }
  if (process.argv.slice(2).includes("export")) {
    ensureStandaloneBuild();
    await runExport();
    return;
  }
  // Sections written by other benchmark runs (messages, export…) are kept as they were.
  const previous = existsSync("BENCHMARKS.md") ? readFileSync("BENCHMARKS.md", "utf8") : "";
  ensureBuild();
  console.log(LIMITS_NOTE);
  try {
    await runBackend("pglite");
  } finally {
    removeMinimalApp();
  }
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

${LIMITS_NOTE}

${notes.map((n) => `- ${n}`).join("\n")}
${profiles.length ? `\n## Profiles\n\n${profiles.join("\n\n")}\n` : ""}
## Raw figures

| database | scenario | clients | req/s | p50 ms | p99 ms | errors |
|---|---|---|---|---|---|---|
${table}
`;
  writeFileSync("BENCHMARKS.md", `${md.trimEnd()}\n${otherSections(previous, md)}`);
  console.log(md);
  if (!process.argv.includes("--no-messages")) await runMessages();
  if (!process.argv.includes("--no-export")) {
    ensureStandaloneBuild();
    await runExport();
  }
}

await main();
