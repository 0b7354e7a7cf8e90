/**
 * The soak test (`npm run bench -- soak`): two instances of the production server (`next start`
 * on the port and the one after it) on one fresh Postgres database, with the same secrets and
 * configuration, serve mixed traffic for SOAK_DURATION_MS (10 minutes by default) after a
 * warm-up of SOAK_WARMUP_MS, while every SOAK_TERMINATE_EVERY_MS (a minute) the database
 * backends of both are terminated. During the run one panel message goes to 10,000 members
 * through the fake provider. Afterwards what the clients were told is checked against the
 * database and the provider: no acknowledged submission or sign-up missing, none stored twice,
 * each member mailed exactly once. Each instance's memory is read through the inspector after
 * a full collection, after the warm-up and at the end.
 */
import { createWriteStream, mkdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, isNull } from "drizzle-orm";
import postgres from "postgres";
import { panelUsers, studies, surveys } from "@/db/schema";
import { keyId } from "@/lib/crypto/keyring";
import { seedDemo } from "@/lib/demo/seed";
import { submissionHashOf } from "@/lib/responses/submission";
import { startFakeResend, type FakeResend } from "../tests/support/fake-resend";
import { benchUrl, BENCH_ADMIN_URL, freshDatabase } from "./database";
import { memoryAfterGc, writeHeapSnapshot, type Memory } from "./inspector";
import { measureUnderLoad } from "./machine-load";
import { MESSAGE_BODY, seedMembers } from "./messages";
import { writeSection } from "./report";
import { startServer, type Server } from "./server";
import {
  PUBLIC_PAGES,
  revisionOf,
  SoakClients,
  type Editor,
  type Kind,
  type Tally,
} from "./soak-clients";
import { answersFor } from "./survey-answers";
import { roundUp } from "./format";

const DURATION = Number(process.env.SOAK_DURATION_MS ?? 600_000);
const WARMUP = Number(process.env.SOAK_WARMUP_MS ?? Math.min(60_000, DURATION / 4));
const TERMINATE_EVERY = Number(process.env.SOAK_TERMINATE_EVERY_MS ?? 60_000);
/** A folder to write each instance's heap snapshot to, after the warm-up and at the end. */
const HEAP_SNAPSHOTS = process.env.SOAK_HEAP_SNAPSHOTS;
const MEMBERS = 10_000;
const MAIL_RATE = 4;
const DB_NAME = "rp_bench_soak";
/** How long clients go on sending again once the traffic stops, and the mailing may take. */
const DRAIN_MS = 120_000;
const MAILING_WAIT_MS = 300_000;
/** Memory counts as flat when the end is within this share of the start (after full GCs). */
const FLAT_SHARE = 0.1;
/** Concurrent clients of each kind and their pause between requests (about; jittered). */
const VISITORS = { clients: 4, thinkMs: 250 };
const PARTICIPANTS = { clients: 3, thinkMs: 500 };
const JOINERS = { clients: 1, thinkMs: 1000 };
const AUTOSAVE_THINK_MS = 1000;

type Instance = { server: Server; url: string; inspectPort: number; log: string };

type MailingRun = {
  id: number;
  subject: string;
  /** Since the start of the measured phase. */
  startedS: number;
  /** From the send request to the message's status `sent`, or null if it never got there. */
  sendingS: number | null;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sleepUntil = (at: number) => sleep(Math.max(0, at - Date.now()));
const mb = (n: number) => `${n.toFixed(0)} MB`;
const count = (n: number) => n.toLocaleString("en");

/**
 * The mailing starts ten seconds before a termination round about a quarter into the run, so
 * the round falls while its batches go out.
 */
function mailingOffsetMs(): number {
  const round = Math.floor(DURATION / 4 / TERMINATE_EVERY) + 1;
  return Math.max(0, round * TERMINATE_EVERY - 10_000);
}

async function startInstances(
  port: number,
  env: Record<string, string>,
  logDir: string,
): Promise<Instance[]> {
  const instances: Instance[] = [];
  for (const p of [port, port + 1]) {
    const inspectPort = p + 1000;
    const log = path.join(logDir, `server-${p}.log`);
    const out = createWriteStream(log);
    const server = await startServer(
      p,
      env,
      process.cwd(),
      ["--expose-gc", `--inspect=127.0.0.1:${inspectPort}`],
      { onOutput: (text) => out.write(text), onErrorOutput: (text) => out.write(text) },
    );
    instances.push({ server, url: server.url, inspectPort, log });
  }
  return instances;
}

/**
 * Each instance's heap after a full collection, every TERMINATE_EVERY from half a period into
 * the measured phase (so between termination rounds) until `end`: whether what the end adds
 * keeps growing or levels off. The forced collections pause the servers briefly under traffic.
 */
async function memoryTrace(
  instances: Instance[],
  start: number,
  end: number,
): Promise<{ atS: number; heapUsedMb: number[] }[]> {
  const trace: { atS: number; heapUsedMb: number[] }[] = [];
  for (let at = start + TERMINATE_EVERY / 2; at < end; at += TERMINATE_EVERY) {
    await sleepUntil(at);
    const memory = await Promise.all(instances.map((i) => memoryAfterGc(i.inspectPort)));
    trace.push({ atS: (at - start) / 1000, heapUsedMb: memory.map((m) => m.heapUsedMb) });
  }
  return trace;
}

/**
 * With SOAK_HEAP_SNAPSHOTS set, writes `<port>-<moment>.heapsnapshot` there per instance. A
 * snapshot that fails is reported and skipped: it must not cost the run its checks.
 */
async function heapSnapshots(instances: Instance[], moment: string): Promise<void> {
  if (!HEAP_SNAPSHOTS) return;
  mkdirSync(HEAP_SNAPSHOTS, { recursive: true });
  for (const i of instances) {
    const file = path.join(
      HEAP_SNAPSHOTS,
      `${i.server.url.split(":").at(-1)}-${moment}.heapsnapshot`,
    );
    try {
      await writeHeapSnapshot(i.inspectPort, file);
      console.log(`soak: heap snapshot ${file}`);
    } catch (error) {
      console.log(`soak: no heap snapshot ${file}: ${String(error)}`);
    }
  }
}

/** Terminates every backend of the soak database; returns how many. */
async function terminateAll(admin: postgres.Sql): Promise<number> {
  const rows = await admin<{ terminated: boolean }[]>`
    select pg_terminate_backend(pid) as terminated from pg_stat_activity
    where datname = ${DB_NAME} and pid <> pg_backend_pid()`;
  return rows.filter((r) => r.terminated).length;
}

/**
 * Terminates every backend of the soak database at each of `times`; returns how many each
 * round terminated.
 */
async function terminations(times: number[], label: string): Promise<number[]> {
  const admin = postgres(BENCH_ADMIN_URL, { max: 1, onnotice: () => {} });
  const rounds: number[] = [];
  try {
    for (const at of times) {
      await sleepUntil(at);
      rounds.push(await terminateAll(admin));
      console.log(`soak: ${label}terminated ${rounds.at(-1)} backends (round ${rounds.length})`);
    }
  } finally {
    await admin.end();
  }
  return rounds;
}

/** Every TERMINATE_EVERY from `start` (not at it) until `end` (not at it). */
function everyTermination(start: number, end: number): number[] {
  const times: number[] = [];
  for (let at = start + TERMINATE_EVERY; at < end; at += TERMINATE_EVERY) times.push(at);
  return times;
}

/** An admin writes a message and sends it to the panel, then waits for it to be `sent`. */
async function mailing(
  clients: SoakClients,
  o: { start: number; at: number; subject: string },
): Promise<MailingRun> {
  await sleepUntil(o.at);
  const { start, subject } = o;
  const created = await clients.staff("POST", "/api/panel_message", { subject });
  if (created?.status !== 200) throw new Error(`creating the message: ${created?.outcome}`);
  const id = (created.body as { id: number }).id;
  const body = await clients.staff("PUT", `/api/panel_message/${id}`, { body: MESSAGE_BODY });
  if (body?.status !== 200) throw new Error(`writing the message: ${body?.outcome}`);
  const startedS = (Date.now() - start) / 1000;
  const sendAt = Date.now();
  console.log(`soak: panel message ${id} sent at ${startedS.toFixed(0)} s`);
  // A send whose answer was lost after it landed is answered 409 code 18 the second time;
  // the message's status says what happened either way.
  await clients.staff("POST", `/api/panel_message/${id}/send`, {});
  const deadline = sendAt + MAILING_WAIT_MS;
  while (Date.now() < deadline) {
    const now = await clients.staff("GET", `/api/panel_message/${id}`);
    const status = (now?.body as { communication_status?: string } | undefined)
      ?.communication_status;
    if (status === "sent") return { id, subject, startedS, sendingS: (Date.now() - sendAt) / 1000 };
    await sleep(2000);
  }
  return { id, subject, startedS, sendingS: null };
}

/** Runs every kind of client for `ms`, then lets them finish what they started. */
async function traffic(
  clients: SoakClients,
  ms: number,
  survey: { uuid: string; steps: { blocks: Record<string, unknown>[] }[] },
  editor: Editor,
): Promise<void> {
  clients.phaseEnd = Date.now() + ms;
  clients.retryEnd = clients.phaseEnd + DRAIN_MS;
  let page = 0;
  const answers = (n: number) => answersFor(survey, `soak ${n}`);
  const many = (n: number, work: () => Promise<void>) => Array.from({ length: n }, work);
  await Promise.all([
    ...many(VISITORS.clients, () =>
      clients.loop(VISITORS.thinkMs, () => clients.visitor(PUBLIC_PAGES[page++ % 3])),
    ),
    ...many(PARTICIPANTS.clients, () =>
      clients.loop(PARTICIPANTS.thinkMs, () => clients.participant(survey.uuid, answers)),
    ),
    ...many(JOINERS.clients, () => clients.loop(JOINERS.thinkMs, () => clients.signUp())),
    clients.loop(AUTOSAVE_THINK_MS, () => clients.autosave(editor)),
  ]);
}

type Checks = Awaited<ReturnType<typeof check>>;

/** What the database and the provider hold, against what the clients were told. */
async function check(
  clients: SoakClients,
  fake: FakeResend,
  o: {
    studyId: number;
    editorStudyId: number;
    messageId: number;
    subject: string;
    key: Buffer;
  },
  members: string[],
) {
  const sql = postgres(benchUrl(DB_NAME), { max: 1, onnotice: () => {} });
  try {
    const key = { id: keyId(o.key), key: o.key };
    const rows = new Map<string | null, number>();
    for (const r of await sql<{ hash: string | null; n: number }[]>`
      select submission_hash as hash, count(*)::int as n from survey_responses
      where study_id = ${o.studyId} group by submission_hash`)
      rows.set(r.hash, r.n);
    const subs = clients.submissions.map((s) => ({
      ...s,
      rows: rows.get(submissionHashOf(o.studyId, s.id, key)) ?? 0,
    }));
    const known = new Set(clients.submissions.map((s) => submissionHashOf(o.studyId, s.id, key)));
    const stray = [...rows].filter(([hash]) => !known.has(hash as string));

    const joined = new Map<string, number>();
    for (const r of await sql<{ email: string; n: number }[]>`
      select lower(email) as email, count(*)::int as n from panel_users
      where email like ${"soak-%"} group by lower(email)`)
      joined.set(r.email, r.n);
    const verificationMails = new Set(fake.delivered.map((m) => m.to[0]?.toLowerCase()));

    const queued = await sql<{ email: string | null; status: string }[]>`
      select u.email, d.status from panel_message_deliveries d
      left join panel_users u on u.id = d.panel_user_id where d.message_id = ${o.messageId}`;
    const [message] = await sql<{ status: string }[]>`
      select communication_status as status from panel_messages where id = ${o.messageId}`;
    const mailed = new Map<string, number>();
    for (const m of fake.delivered.filter((d) => d.subject === o.subject)) {
      const to = m.to[0]?.toLowerCase() ?? "";
      mailed.set(to, (mailed.get(to) ?? 0) + 1);
    }
    const memberSet = new Set(members);

    const [survey] = await sql<{ steps: Record<string, unknown>[] }[]>`
      select steps from surveys where study_id = ${o.editorStudyId}`;

    return {
      submissions: {
        attempted: subs.length,
        acknowledged: subs.filter((s) => s.acknowledged).length,
        requests: subs.reduce((n, s) => n + s.attempts, 0),
        lost: subs.filter((s) => s.acknowledged && s.rows === 0).length,
        duplicated: subs.filter((s) => s.rows > 1).length,
        storedUnacknowledged: subs.filter((s) => !s.acknowledged && s.rows > 0).length,
        refused: subs.filter((s) => s.refused).map((s) => s.refused!),
        abandoned: subs.filter((s) => s.abandoned).length,
        strayRows: stray.reduce((n, [, c]) => n + c, 0),
      },
      signUps: {
        attempted: clients.signUps.length,
        acknowledged: clients.signUps.filter((s) => s.acknowledged).length,
        requests: clients.signUps.reduce((n, s) => n + s.attempts, 0),
        lost: clients.signUps.filter((s) => s.acknowledged && !joined.has(s.email)).length,
        duplicated: [...joined.values()].filter((n) => n > 1).length,
        withoutMail: clients.signUps.filter(
          (s) => s.acknowledged && !verificationMails.has(s.email),
        ).length,
        refused: clients.signUps.filter((s) => s.refused).map((s) => s.refused!),
        abandoned: clients.signUps.filter((s) => s.abandoned).length,
      },
      mails: {
        members: members.length,
        queued: queued.length,
        deliveries: Object.entries(
          queued.reduce<Record<string, number>>((acc, d) => {
            acc[d.status] = (acc[d.status] ?? 0) + 1;
            return acc;
          }, {}),
        )
          .map(([status, n]) => `${count(n)} ${status}`)
          .join(", "),
        delivered: [...mailed.values()].reduce((a, b) => a + b, 0),
        lost: members.filter((m) => !mailed.has(m)).length,
        duplicated: members.filter((m) => (mailed.get(m) ?? 0) > 1).length,
        strays: [...mailed.keys()].filter((m) => !memberSet.has(m)).length,
        status: message?.status ?? "missing",
        ...batchTimes(fake, o.subject),
      },
      finalRevision: survey ? revisionOf(survey.steps) : null,
    };
  } finally {
    await sql.end();
  }
}

/** The provider's batch requests of the message `subject`: how many, and from the first accepted to the last. */
function batchTimes(fake: FakeResend, subject: string): { batches: number; batchSpanS: number } {
  const batches = fake.requests.filter(
    (r) => r.path === "/emails/batch" && r.emails.some((e) => e.subject === subject),
  );
  const accepted = batches.filter((r) => r.status === 200).map((r) => r.at);
  const span = accepted.length > 1 ? (Math.max(...accepted) - Math.min(...accepted)) / 1000 : 0;
  return { batches: batches.length, batchSpanS: span };
}

function outcomesTable(tally: Tally): string {
  const kinds: [Kind, string][] = [
    ["page", "public page (`/`, `/research`, `/news`)"],
    ["survey", "survey load (`GET /api/survey/{uuid}`)"],
    ["submit", "survey submission"],
    ["signup", "panel sign-up"],
    ["autosave", "survey editor autosave (and its reload after a 409)"],
    ["staff", "staff sign-in and panel message"],
  ];
  return [
    "| requests | answers |",
    "|---|---|",
    ...kinds.map(([kind, label]) => {
      const counts = [...(tally.byKind.get(kind) ?? new Map<string, number>())].sort(
        (a, b) => b[1] - a[1],
      );
      const total = counts.reduce((n, [, c]) => n + c, 0);
      return `| ${label}: ${count(total)} | ${counts.map(([o, c]) => `${o}: ${count(c)}`).join(", ") || "none"} |`;
    }),
  ].join("\n");
}

function memoryTable(ports: number[], before: Memory[], after: Memory[]): string {
  const change = (a: number, b: number) =>
    `${b >= a ? "+" : "−"}${roundUp(Math.abs(b / a - 1) * 100, 1)} %`;
  const flat = (a: number, b: number) => Math.abs(b - a) <= FLAT_SHARE * a;
  return [
    "| instance | after warm-up: RSS / heap used | at the end: RSS / heap used | change: RSS / heap used | flat (within 10 %) |",
    "|---|---|---|---|---|",
    ...ports.map((port, i) => {
      const [a, b] = [before[i], after[i]];
      const verdict = flat(a.rssMb, b.rssMb) && flat(a.heapUsedMb, b.heapUsedMb) ? "yes" : "**no**";
      return `| port ${port} | ${mb(a.rssMb)} / ${mb(a.heapUsedMb)} | ${mb(b.rssMb)} / ${mb(b.heapUsedMb)} | ${change(a.rssMb, b.rssMb)} / ${change(a.heapUsedMb, b.heapUsedMb)} | ${verdict} |`;
    }),
  ].join("\n");
}

function errorLines(log: string): number {
  return readFileSync(log, "utf8")
    .split("\n")
    .filter((line) => line.includes('"level":"error"')).length;
}

export type SoakOptions = {
  port: number;
  /** The environment every benchmark server gets (APP_URL, secrets, limits, proxy). */
  env: Record<string, string>;
  machine: string;
};

/** Runs the soak test; writes its section to BENCHMARKS.md and prints it. */
export async function runSoak({ port, env, machine }: SoakOptions): Promise<void> {
  const { result, load } = await measureUnderLoad(
    () => soak(port, env),
    "two server instances, database and clients",
  );
  const {
    checks: c,
    tally,
    editor,
    rounds,
    mailingRun,
    warmUp,
    before,
    after,
    trace,
    instances,
  } = result;
  const origin = new URL(env.APP_URL).origin;
  const h500 = tally.count((_, outcome) => outcome.startsWith("500"));
  const list = (xs: string[]) => (xs.length ? ` (${xs.join(", ")})` : "");
  const body = `Measured by \`npm run bench -- soak\` on ${new Date().toISOString().slice(0, 10)}: ${machine}. Load: ${load}. Two \`next start\` instances of the production build (ports ${port} and ${port + 1}, both serving APP_URL ${origin}) on one fresh Postgres database, with the same secrets and configuration (\`RATE_LIMIT_SCALE\`, \`TRUST_PROXY=1\`, \`STAFF_TWO_FACTOR=optional\`, mail through the fake provider at \`MAIL_RATE_PER_SECOND=${MAIL_RATE}\`, no request limit at the provider); each request goes to the next instance in turn, from its client's own address. ${(DURATION / 60_000).toFixed(1)} minutes of traffic after a ${(WARMUP / 1000).toFixed(0)} s warm-up of the same traffic with one termination round (${warmUp.rounds[0] ?? 0} backends) and one panel message to every confirmed member (${warmUp.mailing.sendingS === null ? "not `sent` within 5 minutes" : `\`sent\` ${warmUp.mailing.sendingS.toFixed(0)} s after the send`}), so that every path of the measured phase has run before memory is first read. The traffic: ${VISITORS.clients} visitors reading the public pages, ${PARTICIPANTS.clients} participants at a time loading and sending the survey (sent again with the same \`submission_id\` on 503 code 13 or no answer, after the runner's waits), ${JOINERS.clients} person at a time joining the panel (sent again the same way), and one staff member whose survey editor autosaves a draft about once a second. Every ${TERMINATE_EVERY / 1000} s the backends of both instances were terminated (\`pg_terminate_backend\` on every connection to the database): ${rounds.length} round${rounds.length === 1 ? "" : "s"}, ${rounds.reduce((a, b) => a + b, 0)} backends. One panel message to the ${count(c.mails.members)} confirmed members was sent at ${mailingRun.startedS.toFixed(0)} s. Memory is each instance's, read through the inspector protocol after two forced full collections (\`HeapProfiler.collectGarbage\`), with no traffic running.

- Submissions: ${count(c.submissions.attempted)} attempted in ${count(c.submissions.requests)} requests, ${count(c.submissions.acknowledged)} acknowledged; **${c.submissions.lost} lost** (acknowledged, no row), **${c.submissions.duplicated} duplicated** (more than one row for one \`submission_id\`); ${c.submissions.refused.length} refused${list(c.submissions.refused)}, ${c.submissions.abandoned} still failing when retries stopped, ${c.submissions.storedUnacknowledged} stored without an acknowledgement, ${c.submissions.strayRows} rows of no submission of the run.
- Sign-ups: ${count(c.signUps.attempted)} attempted in ${count(c.signUps.requests)} requests, ${count(c.signUps.acknowledged)} acknowledged; **${c.signUps.lost} lost**, **${c.signUps.duplicated} duplicated**; ${c.signUps.withoutMail} acknowledged without a verification mail at the provider; ${c.signUps.refused.length} refused${list(c.signUps.refused)}, ${c.signUps.abandoned} still failing when retries stopped.
- Panel message: ${count(c.mails.queued)} deliveries queued for ${count(c.mails.members)} members (${c.mails.deliveries}), ${count(c.mails.delivered)} mails at the provider in ${c.mails.batches} batch requests (${c.mails.batchSpanS.toFixed(0)} s from the first accepted to the last); **${c.mails.lost} members without the mail, ${c.mails.duplicated} with more than one**, ${c.mails.strays} to others; message \`${c.mails.status}\` ${mailingRun.sendingS === null ? "(not `sent` within 5 minutes)" : `${mailingRun.sendingS.toFixed(0)} s after the send`}.
- Autosaves: ${count(editor.revision)} revisions, ${count(editor.acknowledged)} the last acknowledged, the stored survey at revision ${c.finalRevision}${c.finalRevision === editor.acknowledged ? " (the last acknowledged)" : " (**not the last acknowledged**)"}; ${editor.ownSaveLanded} 409s for a save that had landed before its answer was lost (reconciled as the editor does), ${editor.conflicts} real conflicts, ${editor.refused} refused, ${editor.abandoned} still failing when retries stopped.
- HTTP answers: **${h500} answered 500**, ${tally.unexpected()} unexpected in all (anything but 200, and for API calls 503 code 13 or no answer, which the clients send again; the editor's 409 code 27). Error lines in the servers' logs: ${instances.map((i) => `${errorLines(i.log)} (port ${new URL(i.url).port})`).join(", ")}.${tally.samples.length ? `\n\nFirst unexpected answers:\n\n${tally.samples.map((s) => `    ${s}`).join("\n")}` : ""}

${outcomesTable(tally)}

${memoryTable(
  instances.map((i) => Number(new URL(i.url).port)),
  before,
  after,
)}

Heap used after a full collection during the measured phase, every ${TERMINATE_EVERY / 1000} s from ${TERMINATE_EVERY / 2000} s on, between termination rounds (port ${port} / port ${port + 1}): ${trace.map((t) => `${t.atS.toFixed(0)} s ${t.heapUsedMb.map(mb).join(" / ")}`).join("; ")}.`;
  writeSection("BENCHMARKS.md", "Soak", body);
  console.log(`\n## Soak\n\n${body}\n`);
  console.log(`Server logs: ${instances.map((i) => i.log).join(", ")}`);
}

async function soak(port: number, baseEnv: Record<string, string>) {
  const run = Date.now().toString(36);
  const { database, env: dbEnv, discard } = await freshDatabase("postgres", DB_NAME);
  const seeded = await seedDemo(database.db);
  if (!seeded.demoAdmin) throw new Error("the fresh database already had its admin");
  await seedMembers(database.db, MEMBERS);
  const db = database.db;
  const [open] = await db
    .select({ id: studies.id, uuid: surveys.surveyUuid, steps: surveys.steps })
    .from(studies)
    .innerJoin(surveys, eq(surveys.studyId, studies.id))
    .where(and(eq(studies.status, "open"), isNull(studies.responseLimit)))
    .orderBy(studies.id)
    .limit(1);
  const [draft] = await db
    .select({ id: studies.id })
    .from(studies)
    .where(eq(studies.status, "not_started"))
    .limit(1);
  const members = (
    await db
      .select({ email: panelUsers.email })
      .from(panelUsers)
      .where(eq(panelUsers.isVerified, true))
  ).map((m) => m.email);
  await database.close();
  if (!open || !draft) throw new Error("the demo content has no open study or no draft");

  const fake = await startFakeResend();
  const logDir = path.join(os.tmpdir(), `rp-soak-${run}`);
  mkdirSync(logDir, { recursive: true });
  const env: Record<string, string> = {
    ...baseEnv,
    ...dbEnv,
    MAIL_TRANSPORT: "resend",
    RESEND_API_KEY: fake.apiKey,
    // Production refuses to send without a sender of its own (config/index.ts).
    MAIL_FROM: "Onderzoekspanel <panel@example.org>",
    RESEND_BASE_URL: fake.url,
    MAIL_RATE_PER_SECOND: String(MAIL_RATE),
    STAFF_TWO_FACTOR: "optional",
  };
  const instances = await startInstances(port, env, logDir);
  try {
    const clients = new SoakClients(
      new URL(env.APP_URL).origin,
      instances.map((i) => i.url),
      run,
    );
    await clients.signIn(seeded.demoAdmin.email, seeded.demoAdmin.password);
    const loaded = await clients.staff("GET", `/api/study/${draft.id}/survey`);
    if (loaded?.status !== 200) throw new Error(`loading the draft survey: ${loaded?.outcome}`);
    const editorSurvey = loaded.body as {
      study_id: number;
      survey_uuid: string;
      steps: Record<string, unknown>[];
      version: number;
    };
    const editor: Editor = {
      studyId: editorSurvey.study_id,
      surveyUuid: editorSurvey.survey_uuid,
      steps: editorSurvey.steps,
      version: editorSurvey.version,
      revision: 0,
      acknowledged: 0,
      ownSaveLanded: 0,
      conflicts: 0,
      refused: 0,
      abandoned: 0,
    };
    const survey = {
      uuid: open.uuid,
      steps: open.steps as { blocks: Record<string, unknown>[] }[],
    };

    // The warm-up runs every kind of work the measured phase does, a termination round and a
    // mailing included, so the memory after it holds the code those paths compile (V8's
    // optimised code and feedback, a few MB) and the end is compared with a server that has
    // already done everything once: what grows after that is what stays.
    console.log(`soak: warm-up, ${WARMUP / 1000} s`);
    const warmStart = Date.now();
    const [, warmRounds, warmMailing] = await Promise.all([
      traffic(clients, WARMUP, survey, editor),
      terminations([warmStart + WARMUP / 2], "warm-up: "),
      mailing(clients, {
        start: warmStart,
        at: warmStart + WARMUP / 4,
        subject: `Soak ${run} warm-up`,
      }),
    ]);
    const before = await Promise.all(instances.map((i) => memoryAfterGc(i.inspectPort)));
    await heapSnapshots(instances, "warm");
    console.log(
      `soak: after warm-up ${before.map((m) => `${mb(m.rssMb)} / ${mb(m.heapUsedMb)}`).join(", ")}`,
    );

    console.log(`soak: ${DURATION / 1000} s of traffic`);
    const start = Date.now();
    const [, rounds, mailingRun, trace] = await Promise.all([
      traffic(clients, DURATION, survey, editor),
      terminations(everyTermination(start, start + DURATION), ""),
      mailing(clients, { start, at: start + mailingOffsetMs(), subject: `Soak ${run}` }),
      memoryTrace(instances, start, start + DURATION),
    ]);
    const after = await Promise.all(instances.map((i) => memoryAfterGc(i.inspectPort)));
    await heapSnapshots(instances, "end");
    console.log(
      `soak: at the end ${after.map((m) => `${mb(m.rssMb)} / ${mb(m.heapUsedMb)}`).join(", ")}`,
    );

    const checks: Checks = await check(
      clients,
      fake,
      {
        studyId: open.id,
        editorStudyId: draft.id,
        messageId: mailingRun.id,
        subject: mailingRun.subject,
        key: Buffer.from(env.RESPONSES_KEY, "base64"),
      },
      members,
    );
    return {
      checks,
      tally: clients.tally,
      editor,
      rounds,
      mailingRun,
      warmUp: { rounds: warmRounds, mailing: warmMailing },
      before,
      after,
      trace,
      instances,
    };
  } finally {
    await Promise.all(instances.map((i) => i.server.stop()));
    await fake.close();
    await discard();
  }
}
