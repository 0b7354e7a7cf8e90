/**
 * `npm run bench`: measures the performance budgets on this machine and writes the figures, each
 * beside its floor and its budget, to BENCHMARKS.md. `npm run bench -- pages` measures only the
 * public pages (and their floors) and updates only their section, `npm run bench -- posts` only
 * sign-up and submission (beside the trivial POST, without the minimal app's bare handler);
 * `npm run bench -- messages`
 * runs only the panel-message delivery benchmark, `npm run bench -- export` only the responses
 * export, `npm run bench -- members` only the member list, search and filters, and
 * `npm run bench -- soak` the soak test (bench/soak.ts: two instances, ten minutes of mixed
 * traffic while the database drops their connections every minute).
 * `--no-members`, `--no-messages`, `--no-export` and `--no-lighthouse` leave those out of a full run, and `--cpu-prof`
 * profiles each server and adds where it spent its time to the report.
 * Ratios are taken within one run against floors measured in the same run (a static file and a
 * trivial JSON POST served by the same `next start`, a minimal App Router app built from the same
 * `node_modules`), so the machine's speed cancels out. Needs a production build (built here if
 * missing) and, for the Postgres figures, the server on 127.0.0.1:5432 (user `postgres`).
 * BENCH_DURATION_MS sets the measured time of each scenario, BENCH_PORT the port of the servers
 * (one at a time).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { LoadResult } from "./load";
import { sizeOf, sizesOf } from "./page-size";
import { lighthouseMedian, LIGHTHOUSE_RUNS } from "./lighthouse";
import { interleaved, ROUNDS } from "./pairs";
import { startServer, type Server } from "./server";
import { prepareDatabase, postgresReachable, type Backend } from "./database";
import { benchPanelList } from "./panel-list";
import { benchPanelSearch } from "./panel-search";
import { benchMessages, deliveryTable } from "./messages";
import { measureUnderLoad } from "./machine-load";
import {
  benchExport,
  exportTable,
  HEAP_CAP_MB,
  STANDALONE_DIR,
  type ExportBenchRow,
} from "./export";
import { writeSection } from "./report";
import { answersFor } from "./survey-answers";
import { heapDiff } from "./heap-diff";
import { startFakeResend, type FakeResend } from "../tests/support/fake-resend";
import { runSoak } from "./soak";
import { buildMinimalApp, MINIMAL_PAGES, nearestInSize, removeMinimalApp } from "./minimal-app";
import { siteRouting } from "./site-routing";
import { profileMarkdown, waitForProfile } from "./profile";
import { builtAppUrl } from "../scripts/built-app-url";
import { fmt, pct, times } from "./format";
import { currentRuntimeLine } from "./runtime";

const DURATION = Number(process.env.BENCH_DURATION_MS ?? 8000);
const WARMUP = 2000;
const PORT = Number(process.env.BENCH_PORT ?? 3456);
const PROFILE = process.argv.includes("--cpu-prof");
const PAGE_CLIENTS = 50;
const POST_CLIENTS = [50, 100];
const PUBLIC_PAGES = ["/", "/research", "/news"];
const LIGHTHOUSE_PAGES = ["/", "/research"];
const LIGHTHOUSE_VERSION = "12.2.3";
const MINIMAL = "minimal app";
/** The same minimal pages behind this site's routing (bench/site-routing.ts). */
const ROUTED = "minimal app, routed as this site";

/**
 * Every limit of the server under test is this many times its default (RATE_LIMIT_SCALE): the
 * sign-up ceiling of 500 an hour for the whole site, say, would otherwise stop the run after a
 * few seconds and measure the limiter's refusals instead of sign-ups.
 */
const RATE_LIMIT_SCALE = 1000;
const LIMITS_NOTE = `Rate limits: the servers run with RATE_LIMIT_SCALE=${RATE_LIMIT_SCALE}, which raises every per-client, per-account and site-wide limit ${RATE_LIMIT_SCALE}-fold (the sign-up ceiling of 500 an hour to 500,000), so the benchmark measures the server, not the limiter; the limiter's counting still runs on every request. With TRUST_PROXY=1, every request comes from its own client address (X-Forwarded-For) and each sign-up from its own e-mail address, as real visitors would.`;

type Row = { group: string; scenario: string; clients: number; r: LoadResult };

const verdict = (met: boolean) => (met ? "met" : "**missed**");

function rawTable(rows: Row[]): string {
  return [
    "| server | scenario | clients | req/s | p50 ms | p99 ms | errors |",
    "|---|---|---|---|---|---|---|",
    ...rows.map(
      (x) =>
        `| ${x.group} | ${x.scenario} | ${x.clients} | ${fmt(x.r.rps)} | ${fmt(x.r.p50, 1)} | ${fmt(x.r.p99, 1)} | ${x.r.errors} |`,
    ),
  ].join("\n");
}

function machine(): string {
  const cpu = os.cpus()[0]?.model ?? "unknown";
  return `${os.cpus().length} cores (${cpu}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${currentRuntimeLine()}`;
}

function measuredLine(command: string): string {
  return `Measured by \`${command}\` on ${new Date().toISOString().slice(0, 10)}: ${machine()}. Load generator (autocannon) and server share the machine, so compare ratios within one run, not absolute numbers across runs. ${DURATION / 1000} s per scenario after a ${WARMUP / 1000} s warm-up; each connection sends one request at a time.`;
}

/** The gzipped size of every script the page's HTML loads, in kB. */
async function firstLoadJs(origin: string, pagePath: string): Promise<number> {
  const html = await (await fetch(origin + pagePath)).text();
  // Scripts marked nomodule (legacy polyfills) are never downloaded by current browsers.
  const srcs = [...html.matchAll(/<script([^>]*)>/g)]
    .filter((m) => !/\bnomodule\b/i.test(m[1]))
    .map((m) => /src="([^"]+)"/.exec(m[1])?.[1])
    .filter((src): src is string => Boolean(src));
  let total = 0;
  for (const src of new Set(srcs)) {
    const body = Buffer.from(await (await fetch(new URL(src, origin))).arrayBuffer());
    total += gzipSync(body).length;
  }
  return total / 1024;
}

/**
 * What is asked between runs to see that the server has worked through the last one: this app's
 * health check, which also waits for the database (PGlite serves one query at a time), or the
 * minimal app's static file.
 */
function settleUrlOf(group: string, url: string): string {
  return new URL(group.startsWith(MINIMAL) ? "/static.txt" : "/api/health", url).toString();
}

/** Every request from its own client address, as real visitors are. */
function addressOf(i: number): string {
  return `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
}

/** Runs `work` against a server started with `--cpu-prof` when asked, and returns its profile. */
async function withServer<T>(
  title: string,
  start: (nodeArgs: string[]) => Promise<Server>,
  work: (server: Server) => Promise<T>,
): Promise<{ result: T; profile?: string }> {
  const dir = PROFILE ? mkdtempSync(path.join(os.tmpdir(), "rp-prof-")) : "";
  const server = await start(PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${dir}`] : []);
  let result: T;
  try {
    result = await work(server);
  } finally {
    await server.stop();
  }
  if (!PROFILE) return { result };
  await waitForProfile(dir);
  return { result, profile: profileMarkdown(title, dir) };
}

/** What every app server of the benchmarks runs with, besides its database and its mail. */
function appEnv(): Record<string, string> {
  return {
    APP_URL: builtAppUrl(`http://127.0.0.1:${PORT}`),
    APP_SECRET: "bench-secret-bench-secret-bench-secret-0123",
    RESPONSES_KEY: Buffer.alloc(32, 5).toString("base64"),
    TRUST_PROXY: "1",
    RATE_LIMIT_SCALE: String(RATE_LIMIT_SCALE),
  };
}

let provider: Promise<FakeResend> | undefined;

/**
 * The mail provider every app server of these benchmarks sends to: the fake Resend server, in
 * this process, without a rate limit. A sign-up sends its mail as in production, through the
 * Resend SDK over HTTP, so its figure holds that call. (The memory transport, which these
 * servers used before, sends nothing and kept every mail in the server's heap: about 5 kB a
 * sign-up, some 100 MB over the sign-up scenarios, which the garbage collector then carried.)
 */
function mailProvider(): Promise<FakeResend> {
  provider ??= startFakeResend();
  return provider;
}

/** Forgets what the provider recorded, so this process's memory does not grow with the mails. */
async function forgetMails() {
  (await mailProvider()).reset();
}

function appServer(env: Record<string, string>) {
  return async (nodeArgs: string[]) => {
    const fake = await mailProvider();
    return startServer(
      PORT,
      {
        ...env,
        ...appEnv(),
        MAIL_TRANSPORT: "resend",
        RESEND_API_KEY: fake.apiKey,
        // Production refuses to send without a sender of its own (config/index.ts).
        MAIL_FROM: "Onderzoekspanel <panel@example.org>",
        RESEND_BASE_URL: fake.url,
        DISABLE_BACKGROUND_JOBS: "1",
      },
      process.cwd(),
      nodeArgs,
    );
  };
}

type Floor = {
  /** The minimal app's bare JSON route handler, per number of clients. */
  postRps: Record<number, LoadResult>;
};

const kb = (bytes: number) => `${fmt(bytes / 1024, 1)} kB`;

/**
 * Has each server answer one API call before any pair is measured. On Node 20, AsyncLocalStorage
 * rests on async_hooks: the first route handler a server runs enables Next's request stores,
 * and from then on every promise the process makes (a cached page's and a static file's
 * included) pays for their propagation; nothing turns them off again. A live site's server has
 * always answered an API call, and this app's has (its start is checked with /api/health); the
 * minimal app's had not, so its pages and file were measured with the hooks off and this app's
 * with them on (12 to 18 % of a cached page's throughput on this machine).
 */
async function callRouteHandlers(minimalUrls: string[], appUrl: string): Promise<void> {
  for (const url of [...minimalUrls.map((m) => `${m}/api/echo`), `${appUrl}/api/logout`]) {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", origin: new URL(url).origin },
      body: "{}",
    });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  }
}

/** One interleaved pair: the floor's and the app's figures, both kept in the raw table. */
async function pair(
  rows: Row[],
  scenario: string,
  floor: { url: string; scenario: string; group?: string },
  app: { url: string; group?: string; body?: (i: number) => string },
  o: { clients: number; post?: boolean },
) {
  const groups = { floor: floor.group ?? MINIMAL, app: app.group ?? "this app" };
  const options = (url: string, group: string, body: (i: number) => string = () => "{}") => ({
    url,
    connections: o.clients,
    durationMs: DURATION,
    warmupMs: WARMUP,
    settleUrl: settleUrlOf(group, url),
    ...(o.post
      ? {
          method: "POST" as const,
          headers: { "content-type": "application/json", origin: new URL(url).origin },
          headersFor: (i: number) => ({ "x-forwarded-for": addressOf(i) }),
          body,
        }
      : {}),
  });
  const r = await interleaved(
    options(floor.url, groups.floor),
    options(app.url, groups.app, app.body),
  );
  rows.push({ group: groups.floor, scenario: floor.scenario, clients: o.clients, r: r.floor });
  rows.push({ group: groups.app, scenario, clients: o.clients, r: r.app });
  console.log(
    `${scenario}, ${o.clients} clients: ${fmt(r.app.rps)} req/s beside ${fmt(r.floor.rps)} (${pct(r.app.rps, r.floor.rps)})`,
  );
  return r;
}

/** A row of the Lighthouse table; `label` is its first cell as written. */
function lighthouseLines(
  label: string,
  lh: ReturnType<typeof lighthouseMedian>,
  floor = false,
): string {
  const m = lh.median;
  const met = m.performance >= 95 && m.cls === 0;
  const budget = floor ? "floor, reported" : verdict(met);
  const lost = lh.tracesLost.length
    ? `; ${lh.tracesLost.length} more set aside, trace lost: ${lh.tracesLost.join(", ")}`
    : "";
  return `| ${label} | ${m.performance} (runs: ${lh.scores.join(", ")}${lost}) | ${fmt(m.cls, 3)} | ${fmt(m.tbt)} | ${fmt(m.lcp)} | ${fmt(m.fcp)} | ${m.accessibility} / ${m.bestPractices} / ${m.seo} | ${budget} |`;
}

/**
 * Public pages, the static file and the trivial POST, each beside its floor in the minimal App
 * Router app, measured in interleaved pairs with both servers running (on BENCH_PORT and the
 * port after it); then Lighthouse (mobile) on `/` and `/research`, and on the minimal app's `/`
 * as the floor. Returns the section, and the
 * minimal app's POST figures for the sign-up section.
 */
async function benchPages(withLighthouse: boolean): Promise<{ section: string; floor: Floor }> {
  const rows: Row[] = [];
  const loadAtStart = os.loadavg()[0];
  const dir = buildMinimalApp();
  const routedDir = buildMinimalApp(siteRouting());
  const env = await prepareDatabase("pglite");
  // Profiled like the two servers it is paired with, so that profiling weighs on both sides of
  // its pairs alike; its own profile is not reported.
  const routedProfiles = PROFILE ? mkdtempSync(path.join(os.tmpdir(), "rp-prof-")) : "";
  const routedServer = await startServer(
    PORT + 2,
    {},
    routedDir,
    PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${routedProfiles}`] : [],
  );
  const { result: minimal } = await withServer(
    "minimal app",
    (nodeArgs) => startServer(PORT + 1, {}, dir, nodeArgs),
    async (minimalServer) => {
      const { result, profile } = await withServer(
        "CPU profile of this app's server while it served the pairs below",
        appServer(env),
        async (server) => {
          const m = minimalServer.url;
          const ro = routedServer.url;
          const a = server.url;
          const minimalPages = await sizesOf(m, MINIMAL_PAGES);
          const routedPages = await sizesOf(ro, MINIMAL_PAGES);
          const sizes = {
            routedPage: routedPages.get("/") ?? 0,
            minimalStatic: await sizeOf(`${m}/static.txt`),
            appStatic: await sizeOf(`${a}/.well-known/security.txt`),
          };
          await callRouteHandlers([m, ro], a);
          const floorJs = await firstLoadJs(m, "/");
          const pages: string[] = [];
          for (const page of PUBLIC_PAGES) {
            const html = await sizeOf(a + page);
            const js = await firstLoadJs(a, page);
            const floorPage = nearestInSize(minimalPages, html);
            const routedPage = nearestInSize(routedPages, html);
            const r = await pair(
              rows,
              `page ${page}`,
              { url: m + floorPage, scenario: `page ${floorPage} (beside ${page})` },
              { url: a + page },
              { clients: PAGE_CLIENTS },
            );
            const routed = await pair(
              rows,
              `page ${page} (beside the routed minimal page)`,
              {
                url: ro + routedPage,
                scenario: `page ${routedPage} (beside ${page})`,
                group: ROUTED,
              },
              { url: a + page },
              { clients: PAGE_CLIENTS },
            );
            const ratio = r.app.rps / r.floor.rps;
            pages.push(
              `| \`${page}\` | ${kb(html)} | ${fmt(r.app.rps)} | ${fmt(r.floor.rps)} (\`${floorPage}\`, ${kb(minimalPages.get(floorPage) ?? 0)}) | ${pct(r.app.rps, r.floor.rps)}: ${verdict(ratio >= 0.8 && r.app.errors === 0)} | ${fmt(routed.app.rps)} / ${fmt(routed.floor.rps)} (\`${routedPage}\`, ${kb(routedPages.get(routedPage) ?? 0)}): ${pct(routed.app.rps, routed.floor.rps)} | ${fmt(r.app.p99, 1)} / ${fmt(r.floor.p99, 1)} | ${fmt(js, 1)} | +${fmt(js - floorJs, 1)}: ${verdict(js - floorJs <= 20)} |`,
            );
          }
          const routing = await pair(
            rows,
            "page / (beside the bare minimal page)",
            { url: `${m}/`, scenario: "page / (beside the routed one)" },
            { url: `${ro}/`, group: ROUTED },
            { clients: PAGE_CLIENTS },
          );
          const st = await pair(
            rows,
            "static file",
            { url: `${m}/static.txt`, scenario: "static file" },
            { url: `${a}/.well-known/security.txt` },
            { clients: PAGE_CLIENTS },
          );
          const routedSt = await pair(
            rows,
            "static file (beside the routed minimal app's)",
            { url: `${ro}/static.txt`, scenario: "static file", group: ROUTED },
            { url: `${a}/.well-known/security.txt` },
            { clients: PAGE_CLIENTS },
          );
          const posts: string[] = [];
          const postRps: Record<number, LoadResult> = {};
          for (const clients of POST_CLIENTS) {
            const r = await pair(
              rows,
              "trivial JSON POST (anonymous POST /api/logout)",
              { url: `${m}/api/echo`, scenario: "JSON POST route handler (echo)" },
              { url: `${a}/api/logout` },
              { clients, post: true },
            );
            postRps[clients] = r.floor;
            const ratio = r.app.rps / r.floor.rps;
            posts.push(
              `| ${clients} | ${fmt(r.app.rps)} | ${fmt(r.floor.rps)} | ${pct(r.app.rps, r.floor.rps)}: ${verdict(ratio >= 0.7 && r.app.errors === 0)} | ${fmt(r.app.p99, 1)} / ${fmt(r.floor.p99, 1)} | ${r.app.errors} |`,
            );
          }
          const lighthouse: string[] = [];
          for (const page of withLighthouse ? LIGHTHOUSE_PAGES : []) {
            console.log(`lighthouse ${page} (${LIGHTHOUSE_RUNS} runs)`);
            lighthouse.push(lighthouseLines(`\`${page}\``, lighthouseMedian(a + page)));
          }
          if (withLighthouse) {
            // The framework's own share on this host in this run: the minimal page loads Next.js's
            // and React's scripts and hydrates, with no code of this app.
            console.log(`lighthouse, minimal app / (${LIGHTHOUSE_RUNS} runs)`);
            lighthouse.push(
              lighthouseLines("the minimal app's `/`", lighthouseMedian(`${m}/`), true),
            );
          }
          return {
            postRps,
            tables: [
              `Pages, each beside the minimal App Router page nearest to it in HTML size, measured in the same pairs (budget: at least 80 % of its throughput). HTML as served (uncompressed):`,
              "",
              "| page | HTML | req/s | minimal page req/s (its path, HTML) | ÷ minimal page (budget ≥ 80 %) | beside the routed minimal page: req/s, its req/s (its path, HTML), ratio (reported) | p99 ms, page / minimal | first-load JS, kB gzipped | above the minimal page (budget ≤ +20 kB) |",
              "|---|---|---|---|---|---|---|---|---|",
              ...pages,
              "",
              `The routing this site needs, on its own: the minimal page \`/\` served as this site serves its Dutch pages (at the bare address, beside an English \`[locale]\` tree reached through the cookie rewrite, with the header, rewrite, redirect and proxy rules read from next.config.ts and proxy.ts: bench/site-routing.ts; ${kb(sizes.routedPage)}) reaches ${fmt(routing.app.rps)} req/s beside the bare minimal page's ${fmt(routing.floor.rps)}: ${pct(routing.app.rps, routing.floor.rps)}. Each page beside the routed minimal page nearest to it in size (in the table, each in its own pair) is what the app's own page (layouts, messages, components) adds. Reported, not budgeted: the budget is against the bare page.`,
              "",
              `Static file: this app's \`/.well-known/security.txt\` (${kb(sizes.appStatic)}) beside the minimal app's \`/static.txt\` (${kb(sizes.minimalStatic)}): ${fmt(st.app.rps)} req/s beside ${fmt(st.floor.rps)}, ${pct(st.app.rps, st.floor.rps)} (budget ≥ 80 %: ${verdict(st.app.rps / st.floor.rps >= 0.8 && st.app.errors === 0)}). Beside the routed minimal app's, which carries the same headers: ${fmt(routedSt.app.rps)} req/s beside ${fmt(routedSt.floor.rps)}, ${pct(routedSt.app.rps, routedSt.floor.rps)} (reported).`,
              "",
              "Trivial JSON POST (anonymous `POST /api/logout`: origin check, handler wrapper, no database) beside the minimal app's bare route handler (`POST /api/echo`, answers the JSON it got):",
              "",
              "| clients | logout req/s | bare handler req/s | ÷ bare handler (budget ≥ 70 %) | p99 ms, logout / bare | errors |",
              "|---|---|---|---|---|---|",
              ...posts,
              ...(lighthouse.length
                ? [
                    "",
                    `Lighthouse ${LIGHTHOUSE_VERSION} (mobile: its default emulated phone with simulated throttling), Chromium at CHROME_PATH, headless, against this app's server after the load above; the median of ${LIGHTHOUSE_RUNS} runs by performance score, the other figures from that run. Budget: performance ≥ 95 and CLS 0. The minimal app's \`/\` (its scripts are only Next.js's and React's) is measured the same way after them, as the floor of this host in this run.`,
                    "",
                    "| page | performance | CLS | TBT ms | LCP ms | FCP ms | accessibility / best practices / SEO | budget |",
                    "|---|---|---|---|---|---|---|---|",
                    ...lighthouse,
                  ]
                : []),
            ],
          };
        },
      );
      return { ...result, profile };
    },
  ).finally(() => routedServer.stop());
  removeMinimalApp(dir);
  removeMinimalApp(routedDir);
  if (routedProfiles) {
    await waitForProfile(routedProfiles);
    rmSync(routedProfiles, { recursive: true, force: true });
  }
  const machineLoad = `1-minute load average ${fmt(loadAtStart, 2)} at the start and ${fmt(os.loadavg()[0], 2)} at the end, on ${os.cpus().length} cores shared with other work`;
  const section = `${measuredLine("npm run bench")} Each pair (a figure and its floor) is warmed up, then measured in ${ROUNDS} alternating runs of each side (${DURATION / ROUNDS / 1000} s each, floor first) with both servers running, so a change in the machine's load falls on both. ${PAGE_CLIENTS} clients for pages and files. The minimal App Router app (static pages of 17.5 to 45 kB of HTML, each of this app's pages measured beside the one nearest to it in size; one static file; one JSON route handler) is built in a temporary folder outside the repository from the project's \`node_modules\` and served by its own \`next start\`. Before the first pair, each server answers one API call (a route handler), as a live site's server always has: on Node 20 the first one turns on the async hooks that Next's request stores rest on, for every request after it (\`callRouteHandlers\` in bench/run.ts). First-load JS is every script the page's HTML loads (nomodule ones left out), gzipped here. Machine load: ${machineLoad}.

${minimal.tables.join("\n")}
${minimal.profile ? `\n${minimal.profile}\n` : ""}
${rawTable(rows)}`;
  return { section, floor: { postRps: minimal.postRps } };
}

/**
 * Sign-up and submission on each database, beside the trivial POST of the same server; with the
 * minimal app's figures (`floor`, from the pages run) its bare route handler is named beside.
 */
async function runPosts(floor: Floor | undefined) {
  const rows: Row[] = [];
  const lines: string[] = [];
  const profiles: string[] = [];
  const backends: Backend[] = ["pglite"];
  if (await postgresReachable()) backends.push("postgres");
  for (const backend of backends) {
    const { lines: l, profile } = await benchPosts(backend, floor, rows);
    lines.push(...l);
    if (profile) profiles.push(profile);
  }
  report(
    POSTS_TITLE,
    `${measuredLine(floor ? "npm run bench" : "npm run bench -- posts")} Budget on Postgres: each at least 60 % of the trivial JSON POST's throughput at the same concurrency, p99 at most 2× its p99, zero errors; on PGlite zero errors, the ratios reported. The trivial JSON POST is an anonymous \`POST /api/logout\`: the same origin check and handler wrapper as every API call, no database (the benchmark checks it answers 200 \`{}\`). Each scenario is measured in a pair with the trivial POST of the same server: both warmed up, then ${ROUNDS} alternating runs of each (${DURATION / ROUNDS / 1000} s each, the trivial POST first), so a change in the machine's load falls on both; every request comes from its own client address and each sign-up from its own e-mail address, across the rounds too.${backends.length === 1 ? " Postgres was not reachable; only the embedded database was measured." : ""}

| database | clients | scenario | req/s | trivial POST req/s (same pair) | ÷ trivial POST | p99 ms, scenario / trivial | p99 ÷ trivial | errors, scenario / trivial | budget |
|---|---|---|---|---|---|---|---|---|---|
${lines.join("\n")}
${profiles.length ? `\n${profiles.join("\n\n")}\n` : ""}
${rawTable(rows)}`,
  );
}

/** Sign-up and submission against the trivial JSON POST of the same server, per database. */
async function benchPosts(backend: Backend, floor: Floor | undefined, rows: Row[]) {
  const env = await prepareDatabase(backend);
  const label = backend === "pglite" ? "PGlite" : "Postgres";
  const { result: lines, profile } = await withServer(
    `CPU profile of the ${label} server during its POST scenarios`,
    appServer(env),
    async (server) => {
      const origin = server.url;
      // The floor: an anonymous sign-out, which passes the same origin check and handler
      // wrapper as every API call and answers {} without touching the database. Checked first,
      // so the floor stays what it says it is.
      const trivialUrl = `${origin}/api/logout`;
      const probe = await fetch(trivialUrl, {
        method: "POST",
        headers: { "content-type": "application/json", origin },
        body: "{}",
      });
      const probeBody = await probe.text();
      if (probe.status !== 200 || probeBody !== "{}") {
        throw new Error(`the trivial POST answered ${probe.status} ${probeBody}`);
      }
      const open = (await (await fetch(`${origin}/api/study/open`)).json()) as {
        items: { survey_uuid: string | null }[];
      };
      const surveyUuid = open.items.find((s) => s.survey_uuid)?.survey_uuid;
      if (!surveyUuid) throw new Error("the demo content has no open study with a survey");
      const survey = await (await fetch(`${origin}/api/survey/${surveyUuid}`)).json();
      const answers = JSON.stringify({ answers: answersFor(survey) });
      const run = `${Date.now().toString(36)}${backend}`;
      const out: string[] = [];
      for (const clients of POST_CLIENTS) {
        const bare = floor?.postRps[clients];
        const scenarios: [string, string, (i: number) => string][] = [
          [
            "POST /api/panel_user",
            `${origin}/api/panel_user`,
            (i) => JSON.stringify({ email: `bench-${run}-${clients}-${i}@example.org` }),
          ],
          [
            "POST /api/survey/{uuid}/submit",
            `${origin}/api/survey/${surveyUuid}/submit`,
            () => answers,
          ],
        ];
        for (const [name, url, body] of scenarios) {
          await forgetMails();
          // Each scenario in its own pair with the trivial POST: a change in the machine's load
          // during the pair falls on both.
          const r = await pair(
            rows,
            `${label}: ${name}`,
            {
              url: trivialUrl,
              scenario: `${label}: trivial JSON POST (beside ${name})`,
              group: label,
            },
            { url, group: label, body },
            { clients, post: true },
          );
          const ratio = r.app.rps / r.floor.rps;
          const p99 = r.app.p99 / r.floor.p99;
          // On the embedded database the ratios are reported, not budgeted (DESIGN §9).
          const met =
            backend === "postgres"
              ? verdict(ratio >= 0.6 && p99 <= 2 && r.app.errors === 0 && r.floor.errors === 0)
              : `${verdict(r.app.errors === 0)} (zero errors; ratios reported only)`;
          out.push(
            `| ${label} | ${clients} | ${name} | ${fmt(r.app.rps)} | ${fmt(r.floor.rps)} | ${pct(r.app.rps, r.floor.rps)} | ${fmt(r.app.p99, 1)} / ${fmt(r.floor.p99, 1)} | ${times(p99)} | ${r.app.errors} / ${r.floor.errors} | ${met} |`,
          );
        }
        if (bare) {
          out.push(
            `| ${label} | ${clients} | (a bare route handler in the minimal app, from the pages run) | ${fmt(bare.rps)} | | | ${fmt(bare.p99, 1)} | | | |`,
          );
        }
      }
      return out;
    },
  );
  return { lines, profile };
}

/** The delivery benchmark needs no build or server: it runs senders against the database. */
async function runMessages() {
  const {
    result: { notes: lines, rows: results },
    load,
  } = await measureUnderLoad(benchMessages);
  writeSection(
    "BENCHMARKS.md",
    "Panel message delivery",
    `Measured by \`npm run bench -- messages\` on ${new Date().toISOString().slice(0, 10)}: ${machine()}. Sender processes, the fake provider and the database share the machine. Load: ${load}. 100 requests at 4 a second cannot take less than 24.75 s; "busiest second" is the most requests the provider saw within any 1,000 ms, where 5 means one request arrived a millisecond or so late (the provider allows 5).

${lines.map((n) => `- ${n}`).join("\n")}

${deliveryTable(results)}`,
  );
}

/**
 * How much the peak and the live heap may differ between sizes before the export counts as
 * growing with the number of responses.
 */
const FLAT_SHARE = 0.05;

/**
 * Memory "grows with the number of responses" when doubling them from 100,000 to 200,000 raises
 * the peak by more than FLAT_SHARE, or when the live heap after a full collection differs by
 * more than that between any two sizes. Memory kept per response would raise the peak at least
 * as much from 100,000 to 200,000 as from 10,000 to 100,000; a peak that levels off is the
 * allocator and the heap settling, which the series from 10,000 shows beside it.
 */
function memoryFlat(series: (ExportBenchRow | undefined)[]): boolean {
  const done = series.filter((r): r is ExportBenchRow => r !== undefined);
  if (done.length !== series.length) return false;
  const [, , hundred, twoHundred] = done;
  const heaps = done.map((r) => r.heapLiveMb);
  if (heaps.some((h) => h === null)) return false;
  const live = heaps as number[];
  // A lower peak at 200,000 than at 100,000 is not growth.
  return (
    twoHundred.peakRssMb - hundred.peakRssMb <= FLAT_SHARE * hundred.peakRssMb &&
    Math.max(...live) - Math.min(...live) <= FLAT_SHARE * Math.min(...live)
  );
}

/** The export benchmark needs the standalone build; it starts its own server per export. */
async function runExport() {
  const backends: Backend[] = ["pglite"];
  if (await postgresReachable()) backends.push("postgres");
  const results = await benchExport(backends);
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
    const series = [10_000, 50_000, 100_000, 200_000].map((n) =>
      find("standalone", HEAP_CAP_MB, "xlsx", n),
    );
    const csv = [10_000, 100_000].map((n) => find("standalone", HEAP_CAP_MB, "csv", n));
    const nextCapped = find("next start", HEAP_CAP_MB, "xlsx", 100_000);
    const nextDefault = [10_000, 100_000].map((n) => find("next start", null, "xlsx", n));
    const [small, , large] = series;
    if (!small || !large) continue;
    const flat = memoryFlat(series);
    const setting = `\`node --max-old-space-size=${HEAP_CAP_MB} server.js\` (the standalone server with README's heap cap)`;
    lines.push(
      `${label(backend)}, ${setting}, 100,000 responses as xlsx: ${large.seconds.toFixed(1)} s (budget < 30 s: ${budget(large.seconds < 30)}); server peak ${mb(large.peakRssMb)}, of which ${mb(large.rssBeforeMb)} before the export started (budget < 250 MB: ${budget(large.peakRssMb < 250)}).`,
      `${label(backend)}, growth with the number of responses (same setting): server peak ${series.map((r) => mb(r?.peakRssMb ?? null)).join(" / ")} for 10,000 / 50,000 / 100,000 / 200,000 responses as xlsx (${small.peakRssMb <= large.peakRssMb ? "+" : "−"}${mb(Math.abs(large.peakRssMb - small.peakRssMb))} from 10,000 to 100,000) and ${csv.map((r) => mb(r?.peakRssMb ?? null)).join(" / ")} for 10,000 / 100,000 as CSV; live JavaScript heap after a full collection ${series.map((r) => mb(r?.heapLiveMb ?? null)).join(" / ")} (xlsx). Memory ${flat ? "does not grow" : "GROWS"} with the number of responses (criterion: the 200,000 peak at most ${FLAT_SHARE * 100}% above the 100,000 peak, and the live heap within ${FLAT_SHARE * 100}% across all four sizes).`,
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
    `Measured by \`npm run bench -- export\` on ${new Date().toISOString().slice(0, 10)}: ${machine()}, against the production build (standalone \`node server.js\`, and \`next start\`). Each response answers ten questions (four open answers of about 120 characters, four multiple choice, one scale). Time is to the last byte of the download. Memory is the server process's resident set, sampled every 20 ms during each export; each export runs on a freshly started server, and "idle" is its resident set after one export of 100 responses has loaded the route. The JavaScript heap figures are the server's own \`--trace-gc\` lines during the export: "live after full GC" is the largest heap left after a mark-compact (what is really held), "committed" the most V8 kept reserved. "Slowest /api/health" is the slowest of the health checks asked every 100 ms during that export. Every CSV is counted line by line to check it is complete. Client, server and database share the machine (and, here, other work).

${lines.map((n) => `- ${n}`).join("\n")}

${exportTable(results)}`,
  );
}

/**
 * Builds the app before measuring it, so that what is measured is the code checked out: a build
 * left in `.next` may be older, or made for other settings (the browser tests build with their
 * own address and help line). `--no-build` measures the build there is, for a quick look.
 */
function ensureBuild(reuse: boolean) {
  if (!reuse || !existsSync(".next/BUILD_ID")) {
    const build = spawnSync("npx", ["next", "build"], {
      stdio: "inherit",
      env: { ...process.env, APP_URL: process.env.APP_URL ?? `http://127.0.0.1:${PORT}` },
    });
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

const PAGES_TITLE = "Public pages";
const POSTS_TITLE = "Sign-up and survey submission";
const PANEL_TITLE = "Panel list";
const MEMBERS_TITLE = "Member search and filters";

/** Writes a section to BENCHMARKS.md and prints it. */
function report(title: string, body: string) {
  writeSection("BENCHMARKS.md", title, body);
  console.log(`\n## ${title}\n\n${body}\n`);
}

async function main() {
  const args = process.argv.slice(2);
  // Compares two files: needs no build.
  if (args[0] === "heap-diff") return console.log(heapDiff(args[1], args[2]));
  console.log(`Servers run on ${currentRuntimeLine()}.`);
  if (args.includes("messages")) return runMessages();
  if (args.includes("members")) return runMembers();
  if (args.includes("export")) {
    ensureStandaloneBuild();
    return runExport();
  }
  ensureBuild(args.includes("--no-build"));
  console.log(LIMITS_NOTE);
  if (args.includes("soak")) return runSoak({ port: PORT, env: appEnv(), machine: machine() });
  if (args.includes("pages")) {
    report(PAGES_TITLE, (await benchPages(!args.includes("--no-lighthouse"))).section);
    return;
  }
  if (args.includes("posts")) return runPosts(undefined);

  // The header is rewritten; every `## ` section is replaced in place, others kept as they were.
  const previous = existsSync("BENCHMARKS.md") ? readFileSync("BENCHMARKS.md", "utf8") : "";
  const rest = previous.indexOf("\n## ");
  writeFileSync(
    "BENCHMARKS.md",
    `# Benchmarks

Written by \`npm run bench\` (each section says when and how it was measured). Each figure stands
beside its floor, measured in the same run on the same machine, and beside its budget
(DESIGN §9). ${LIMITS_NOTE}
${rest < 0 ? "" : previous.slice(rest)}`,
  );

  const { section: pages, floor } = await benchPages(!args.includes("--no-lighthouse"));
  report(PAGES_TITLE, pages);

  await runPosts(floor);

  if (!args.includes("--no-members")) await runMembers();

  if (!args.includes("--no-messages")) await runMessages();
  if (!args.includes("--no-export")) {
    ensureStandaloneBuild();
    await runExport();
  }
}

/** The member list (all members), then its search and filters; each its own section. */
async function runMembers() {
  const inProcess = (command: string) =>
    `Measured by \`${command}\` on ${new Date().toISOString().slice(0, 10)}: ${machine()}, load average ${os.loadavg()[0].toFixed(1)} at the start. Timed in process, without HTTP.`;
  const panel = await benchPanelList();
  report(PANEL_TITLE, `${inProcess("npm run bench")}\n\n${panel.map((n) => `- ${n}`).join("\n")}`);
  const search = await benchPanelSearch();
  report(
    MEMBERS_TITLE,
    `${inProcess("npm run bench -- members")} One member in fifty bounced, two in three verified. The search is one lookup in the unique index of addresses; each filter pages through its own partial index, its counts kept per block of ids like the whole list's.\n\n${search.map((n) => `- ${n}`).join("\n")}`,
  );
}

try {
  await main();
} finally {
  if (provider) await (await provider).close();
}
