// Proves that the standalone build runs on its own: the completed .next/standalone folder is
// copied to a fresh temporary folder that holds nothing else of the repository, and started there
// with `node server.js` and a production environment, once on a fresh embedded database and once
// on a fresh Postgres database (migrated first with the copy's own scripts/migrate.mjs). Each run
// checks the health endpoint, the database, a sign-up with its mail, and that public pages load
// their stylesheets, scripts and images; before that, that the copy's sharp (native) loads.
//
//   tsx scripts/check-standalone.ts [--reuse-build] [--report <file.json>]
//
// --reuse-build uses the current build when it already has standalone output (CI builds once, with
// BUILD_STANDALONE=1, for the end-to-end tests); otherwise, and by default, it builds first.
// --report writes the results in the shape of Playwright's JSON report (`stats`), which the CI
// summary already counts.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import postgres from "postgres";
import { builtAppUrl } from "./built-app-url";

const { values: args } = parseArgs({
  options: {
    "reuse-build": { type: "boolean", default: false },
    report: { type: "string" },
  },
});

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const standaloneDir = path.join(root, ".next", "standalone");
const EMBEDDED_PORT = 3304;
const POSTGRES_PORT = 3305;
const POSTGRES_ADMIN_URL = "postgres://postgres@127.0.0.1:5432/postgres";
const START_TIMEOUT_MS = 60_000;

type Result = {
  title: string;
  status: "passed" | "failed" | "skipped";
  ms: number;
  error?: string;
};
const results: Result[] = [];
const started = Date.now();

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

async function test(title: string, body: () => Promise<void>): Promise<boolean> {
  const t0 = Date.now();
  try {
    await body();
    const ms = Date.now() - t0;
    results.push({ title, status: "passed", ms });
    console.log(`  ✓ ${title} (${ms} ms)`);
    return true;
  } catch (error) {
    const ms = Date.now() - t0;
    const message = error instanceof Error ? error.message : String(error);
    results.push({ title, status: "failed", ms, error: message });
    console.log(`  ✗ ${title} (${ms} ms)\n      ${message.replace(/\n/g, "\n      ")}`);
    return false;
  }
}

function skip(title: string, reason: string): void {
  results.push({ title, status: "skipped", ms: 0, error: reason });
  console.log(`  - ${title} (skipped: ${reason})`);
}

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

function readBuildId(dir: string): string | undefined {
  const file = path.join(dir, ".next", "BUILD_ID");
  return existsSync(file) ? readFileSync(file, "utf8").trim() : undefined;
}

/** Runs a command to completion; with `quiet`, its output is shown only when it fails. */
function run(
  argv: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; quiet?: boolean } = {},
) {
  const result = spawnSync(process.execPath, argv, {
    cwd: options.cwd,
    env: options.env,
    stdio: options.quiet ? "pipe" : "inherit",
    encoding: "utf8",
  });
  if (result.status !== 0) {
    const output = options.quiet ? `\n${result.stdout}${result.stderr}`.trimEnd() : "";
    throw new Error(`node ${argv.join(" ")} exited with ${result.status}${output}`);
  }
}

// --- The standalone folder -----------------------------------------------------------------------

async function prepare(): Promise<void> {
  const reusable =
    args["reuse-build"] &&
    existsSync(path.join(standaloneDir, "server.js")) &&
    readBuildId(standaloneDir) !== undefined &&
    readBuildId(standaloneDir) === readBuildId(root);
  console.log(
    reusable
      ? "Completing the existing standalone build."
      : "Building the standalone server (npm run build:standalone).",
  );
  run([path.join(root, "scripts", "standalone.mjs"), ...(reusable ? ["--skip-build"] : [])], {
    // A production build needs the address its pages are rendered with.
    env: { ...process.env, APP_URL: process.env.APP_URL ?? `http://127.0.0.1:${EMBEDDED_PORT}` },
  });
  builtUrl = readBuiltAppUrl();
}

/** The APP_URL the build's pages were rendered with: every server here runs with it. */
let builtUrl = "";
function readBuiltAppUrl(): string {
  const url = builtAppUrl("", root);
  assert(url, "the build names no BUILT_APP_URL in .next/required-server-files.json");
  return url;
}

/** Every symbolic link in `dir`, which must all point inside it. */
function linksLeaving(dir: string): string[] {
  const outside: string[] = [];
  const walk = (current: string) => {
    for (const entry of readdirSync(current)) {
      const full = path.join(current, entry);
      const stat = lstatSync(full);
      if (stat.isSymbolicLink()) {
        let target: string;
        try {
          target = realpathSync(full);
        } catch {
          outside.push(`${path.relative(dir, full)} (broken link)`);
          continue;
        }
        if (!target.startsWith(dir + path.sep))
          outside.push(`${path.relative(dir, full)} → ${target}`);
      } else if (stat.isDirectory()) walk(full);
    }
  };
  walk(dir);
  return outside;
}

// --- One server ----------------------------------------------------------------------------------

type Server = { child: ChildProcess; output: () => string; baseUrl: string };

function baseEnv(port: number, dataDir: string) {
  // Nothing inherited from this shell but PATH: the server must run on what a host would give it.
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    NODE_ENV: "production" as const,
    NEXT_TELEMETRY_DISABLED: "1",
    PORT: String(port),
    HOSTNAME: "127.0.0.1",
    APP_URL: builtUrl,
    APP_SECRET: randomBytes(32).toString("base64url"),
    RESPONSES_KEY: randomBytes(32).toString("base64"),
    MAIL_TRANSPORT: "log",
    MAIL_TRANSPORT_LOG_IN_PRODUCTION: "1",
    MAIL_OUTBOX_DIR: path.join(dataDir, "outbox"),
    TRUST_PROXY: "0",
    // As a live site has it (the production default, stated so the check does not lean on it).
    STAFF_TWO_FACTOR: "required",
  };
}

async function startServer(appDir: string, env: ReturnType<typeof baseEnv>): Promise<Server> {
  const child = spawn(process.execPath, ["server.js"], {
    cwd: appDir,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout?.on("data", (chunk) => (log += chunk));
  child.stderr?.on("data", (chunk) => (log += chunk));
  const server = { child, output: () => log, baseUrl: `http://127.0.0.1:${env.PORT}` };
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(
        `server exited with ${child.exitCode}:\n${log.split("\n").slice(-40).join("\n")}`,
      );
    }
    try {
      const res = await fetch(`${server.baseUrl}/api/health`, {
        signal: AbortSignal.timeout(2000),
      });
      if (res.status === 200) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill("SIGKILL");
  const tail = log.split("\n").slice(-40).join("\n");
  throw new Error(`no healthy answer within ${START_TIMEOUT_MS / 1000} s; last lines:\n${tail}`);
}

async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((r) => server.child.once("exit", r));
  server.child.kill("SIGTERM");
  const timer = setTimeout(() => server.child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

async function get(url: string): Promise<Response> {
  return fetch(url, { signal: AbortSignal.timeout(15_000), redirect: "manual" });
}

async function expectAsset(url: string, type: RegExp): Promise<void> {
  const res = await get(url);
  const contentType = res.headers.get("content-type") ?? "";
  const bytes = (await res.arrayBuffer()).byteLength;
  assert(res.status === 200, `${url}: status ${res.status}`);
  assert(type.test(contentType), `${url}: content type "${contentType}"`);
  assert(bytes > 0, `${url}: empty`);
}

function attributeValues(html: string, pattern: RegExp): string[] {
  return [...html.matchAll(pattern)].map((m) => m[1].replace(/&amp;/g, "&"));
}

/** The checks every run makes against a started server; its log is shown if one fails. */
async function checkServer(server: Server, dataDir: string): Promise<void> {
  const before = results.length;
  try {
    await serverChecks(server, dataDir);
  } finally {
    if (results.slice(before).some((r) => r.status === "failed")) {
      console.log(
        `    server log (last 40 lines):\n${server.output().split("\n").slice(-40).join("\n")}`,
      );
    }
  }
}

async function serverChecks(server: Server, dataDir: string): Promise<void> {
  const url = (p: string) => `${server.baseUrl}${p}`;
  await test('GET /api/health answers {"status":"ok"}', async () => {
    const res = await get(url("/api/health"));
    const body = await res.text();
    assert(res.status === 200, `status ${res.status}`);
    assert(JSON.stringify(JSON.parse(body)) === '{"status":"ok"}', `body ${body}`);
  });
  await test("the schema is in place: GET /api/study/open lists studies", async () => {
    const res = await get(url("/api/study/open"));
    const body = (await res.json()) as { items?: unknown };
    assert(res.status === 200, `status ${res.status}: ${JSON.stringify(body)}`);
    assert(Array.isArray(body.items), `body ${JSON.stringify(body)}`);
  });
  await test("a sign-up is stored and its mail written by the log transport", async () => {
    const res = await fetch(url("/api/panel_user"), {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.baseUrl },
      body: JSON.stringify({ email: "standalone-check@example.org" }),
      signal: AbortSignal.timeout(15_000),
    });
    assert(res.status === 200, `status ${res.status}: ${await res.text()}`);
    const outbox = path.join(dataDir, "outbox");
    const deadline = Date.now() + 10_000;
    while (!(existsSync(outbox) && readdirSync(outbox).length > 0)) {
      assert(Date.now() < deadline, `no mail in ${outbox}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  });
  let home = "";
  await test("GET / answers the home page with its stylesheets and scripts", async () => {
    const res = await get(url("/"));
    home = await res.text();
    assert(res.status === 200, `status ${res.status}`);
    assert(/text\/html/.test(res.headers.get("content-type") ?? ""), "not HTML");
    const css = attributeValues(home, /<link[^>]+href="(\/_next\/static\/[^"]+\.css)"/g);
    const js = attributeValues(home, /<script[^>]+src="(\/_next\/static\/[^"]+\.js)"/g);
    assert(css.length > 0, "no /_next/static stylesheet in the page");
    assert(js.length > 0, "no /_next/static script in the page");
    for (const href of new Set(css)) await expectAsset(url(href), /^text\/css/);
    await expectAsset(url(js[0]), /javascript/);
  });
  await test("public pages load their images from public/", async () => {
    // The home page has no picture of its own; the vision and news pages do.
    const images = new Set<string>();
    for (const page of ["/", "/vision", "/news"]) {
      const html = page === "/" ? home : await (await get(url(page))).text();
      for (const src of attributeValues(html, /<img[^>]+src="([^"]+)"/g)) {
        if (src.startsWith("/") && !src.startsWith("/_next/")) images.add(src);
      }
    }
    assert(images.size > 0, "no image from public/ on /, /vision or /news");
    for (const src of images) {
      assert(existsSync(path.join(root, "public", src)), `${src} is not a file in public/`);
      await expectAsset(url(src), /^image\//);
    }
  });
}

// --- The two runs --------------------------------------------------------------------------------

async function embeddedRun(appDir: string, tmp: string): Promise<void> {
  console.log(`\nEmbedded database (PGlite), port ${EMBEDDED_PORT}`);
  const dataDir = path.join(tmp, "embedded");
  mkdirSync(dataDir);
  const env = { ...baseEnv(EMBEDDED_PORT, dataDir), PGLITE_DIR: path.join(dataDir, "pglite") };
  await test("a server whose APP_URL is not the build's refuses to start and says why", async () => {
    const child = spawn(process.execPath, ["server.js"], {
      cwd: appDir,
      env: { ...env, APP_URL: "https://elsewhere.example.org" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let log = "";
    child.stdout?.on("data", (chunk) => (log += chunk));
    child.stderr?.on("data", (chunk) => (log += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), START_TIMEOUT_MS);
    const code = await new Promise<number | null>((r) => child.once("exit", r));
    clearTimeout(timer);
    assert(code === 1, `exit code ${code}:\n${log.slice(-2000)}`);
    assert(log.includes("this build's pages were rendered with"), `no reason given:\n${log}`);
  });
  let server: Server | undefined;
  const t0 = Date.now();
  const up =
    await test("node server.js starts on a fresh embedded database and migrates it", async () => {
      server = await startServer(appDir, env);
    });
  if (up && server) {
    console.log(`    (healthy after ${seconds(Date.now() - t0)})`);
    try {
      await checkServer(server, dataDir);
    } finally {
      await stopServer(server);
    }
    await test("scripts/migrate.mjs opens the database the server created", async () => {
      run(["scripts/migrate.mjs"], {
        cwd: appDir,
        env: { PATH: env.PATH, NODE_ENV: "production", PGLITE_DIR: env.PGLITE_DIR },
        quiet: true,
      });
    });
  }
}

function postgresReachable(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(5432, "127.0.0.1");
    socket.setTimeout(2000);
    socket.on("connect", () => {
      socket.end();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
    socket.on("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}

async function postgresRun(appDir: string, tmp: string): Promise<void> {
  console.log(`\nPostgres on 127.0.0.1:5432, port ${POSTGRES_PORT}`);
  const title = "node server.js starts on a fresh Postgres database";
  if (!(await postgresReachable())) {
    skip(title, "Postgres on 127.0.0.1:5432 is not reachable");
    return;
  }
  const dataDir = path.join(tmp, "postgres");
  mkdirSync(dataDir);
  const name = `rp_standalone_${process.pid}_${randomBytes(3).toString("hex")}`;
  const admin = postgres(POSTGRES_ADMIN_URL, { max: 1, onnotice: () => {} });
  const databaseUrl = POSTGRES_ADMIN_URL.replace(/\/postgres$/, `/${name}`);
  const env = { ...baseEnv(POSTGRES_PORT, dataDir), DATABASE_URL: databaseUrl };
  try {
    const migrated =
      await test("scripts/migrate.mjs migrates a fresh database, with no dev tools", async () => {
        await admin.unsafe(`create database ${name}`);
        run(["scripts/migrate.mjs"], {
          cwd: appDir,
          env: { PATH: env.PATH, NODE_ENV: "production", DATABASE_URL: databaseUrl },
          quiet: true,
        });
      });
    if (!migrated) return;
    let server: Server | undefined;
    const t0 = Date.now();
    if (await test(title, async () => void (server = await startServer(appDir, env)))) {
      console.log(`    (healthy after ${seconds(Date.now() - t0)})`);
      try {
        await checkServer(server!, dataDir);
      } finally {
        await stopServer(server!);
      }
    }
  } finally {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end({ timeout: 5 });
  }
}

// --- Main ----------------------------------------------------------------------------------------

function writeReport(): void {
  const count = (status: Result["status"]) => results.filter((r) => r.status === status).length;
  const passed = count("passed");
  const failed = count("failed");
  const skipped = count("skipped");
  console.log(
    `\nStandalone check: ${passed} passed, ${failed} failed` +
      (skipped ? `, ${skipped} skipped` : "") +
      ` (${seconds(Date.now() - started)})`,
  );
  if (args.report) {
    const report = {
      stats: { expected: passed, unexpected: failed, flaky: 0, skipped },
      tests: results,
    };
    writeFileSync(args.report, `${JSON.stringify(report, null, 2)}\n`);
  }
  process.exitCode = failed > 0 ? 1 : 0;
}

const tmp = mkdtempSync(path.join(os.tmpdir(), "rp-standalone-"));
try {
  let t0 = Date.now();
  const prepared = await test("npm run build:standalone completes .next/standalone", prepare);
  console.log(`    (${seconds(Date.now() - t0)})`);
  if (prepared) {
    const appDir = path.join(tmp, "app");
    t0 = Date.now();
    cpSync(standaloneDir, appDir, { recursive: true, verbatimSymlinks: true });
    console.log(`Copied to ${appDir} (${seconds(Date.now() - t0)}).`);
    const copied = await test("the copy holds no link back into the repository", async () => {
      assert(
        !realpathSync(tmp).startsWith(root + path.sep),
        "temporary folder inside the repository",
      );
      const outside = linksLeaving(realpathSync(appDir));
      assert(outside.length === 0, `links leaving the folder:\n${outside.join("\n")}`);
    });
    if (copied) {
      await test("sharp loads in the copy and re-encodes an image (editor uploads use it)", async () => {
        // The server resolves its external packages from the copy's node_modules, as this does.
        const script =
          'require("sharp")({create:{width:2,height:1,channels:3,background:"#fff"}})' +
          ".rotate().jpeg().toBuffer()" +
          ".then((b) => process.exit(b[0] === 0xff && b[1] === 0xd8 ? 0 : 1))";
        run(["-e", script], {
          cwd: appDir,
          env: { PATH: process.env.PATH, NODE_ENV: "production" },
          quiet: true,
        });
      });
      await embeddedRun(appDir, tmp);
      await postgresRun(appDir, tmp);
    }
  }
} catch (error) {
  results.push({ title: "standalone check", status: "failed", ms: 0, error: String(error) });
  console.error(error);
} finally {
  rmSync(tmp, { recursive: true, force: true });
  writeReport();
}
