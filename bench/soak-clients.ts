/**
 * The clients of the soak test (bench/soak.ts): visitors reading the public pages, people
 * joining the panel, participants sending a survey (and sending it again the way the survey
 * runner does), and a staff member whose survey editor autosaves. Each request goes to the next
 * instance in turn, as a load balancer would send it, from the client's own address
 * (X-Forwarded-For). Every answer is tallied, and what each client was told is kept in a ledger
 * that the soak test compares with the database afterwards.
 */
import { randomUUID } from "node:crypto";
import { isDatabaseAway, retryDelayMs } from "@/components/survey/submit-retry";
import { ErrorCode } from "@/lib/errors/codes.shared";

export type Kind = "page" | "survey" | "submit" | "signup" | "autosave" | "staff";

/**
 * What each kind of client expects and deals with: 200, and for the API calls the answer to a
 * lost database connection (503 code 13) or no answer at all, both sent again; the editor also
 * reconciles 409 code 27. Anything else is unexpected.
 */
const EXPECTED: Record<Kind, string[]> = {
  page: ["200"],
  survey: ["200", "503 code 13"],
  submit: ["200", "503 code 13", "network"],
  signup: ["200", "503 code 13", "network"],
  autosave: ["200", "503 code 13", "network", "409 code 27"],
  staff: ["200", "503 code 13", "network"],
};

export const PUBLIC_PAGES = ["/", "/research", "/news"];

export type Answer = { status: number; code?: number; outcome: string; body: unknown };

/** How many answers of each outcome ("200", "503 code 13", "network", …) each kind got. */
export class Tally {
  readonly byKind = new Map<Kind, Map<string, number>>();
  /** The first few unexpected answers, with where and when. */
  readonly samples: string[] = [];

  note(kind: Kind, outcome: string, detail: () => string): void {
    const counts = this.byKind.get(kind) ?? new Map<string, number>();
    counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
    this.byKind.set(kind, counts);
    if (!EXPECTED[kind].includes(outcome) && this.samples.length < 20) {
      this.samples.push(`${new Date().toISOString()} ${kind} ${outcome}: ${detail()}`);
    }
  }

  count(predicate: (kind: Kind, outcome: string) => boolean): number {
    let n = 0;
    for (const [kind, counts] of this.byKind)
      for (const [outcome, c] of counts) if (predicate(kind, outcome)) n += c;
    return n;
  }

  unexpected(): number {
    return this.count((kind, outcome) => !EXPECTED[kind].includes(outcome));
  }
}

export type Submission = {
  id: string;
  acknowledged: boolean;
  attempts: number;
  /** An answer that was neither a success nor worth sending again. */
  refused?: string;
  /** Still failing when the run's time for retries was over. */
  abandoned?: boolean;
};
export type SignUp = Omit<Submission, "id"> & { email: string };

export type Editor = {
  studyId: number;
  surveyUuid: string;
  steps: Record<string, unknown>[];
  version: number;
  /** The last revision sent, and the last one the server confirmed. */
  revision: number;
  acknowledged: number;
  /** 409s answered to a save whose first attempt had landed (its answer lost on the way). */
  ownSaveLanded: number;
  /** 409s for a version someone else saved: none expected, the editor is alone. */
  conflicts: number;
  refused: number;
  abandoned: number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const jitter = (ms: number) => ms * (0.5 + Math.random());

/** The revision an autosaved survey carries in its first open question's text. */
export function revisionOf(steps: Record<string, unknown>[]): number | null {
  for (const step of steps as { blocks: Record<string, unknown>[] }[]) {
    for (const block of step.blocks) {
      if (block.type !== "open_question") continue;
      const found = /\[rev (\d+)\]$/.exec(String(block.question_text));
      return found ? Number(found[1]) : null;
    }
  }
  return null;
}

function withRevision(steps: Record<string, unknown>[], revision: number) {
  let marked = false;
  return (steps as { blocks: Record<string, unknown>[] }[]).map((step) => ({
    ...step,
    blocks: step.blocks.map((block) => {
      if (marked || block.type !== "open_question") return block;
      marked = true;
      const text = String(block.question_text).replace(/ \[rev \d+\]$/, "");
      return { ...block, question_text: `${text} [rev ${revision}]` };
    }),
  }));
}

export class SoakClients {
  readonly tally = new Tally();
  readonly submissions: Submission[] = [];
  readonly signUps: SignUp[] = [];
  /** New work starts only before this moment (ms since the epoch)… */
  phaseEnd = 0;
  /** …and clients stop sending again after this one. */
  retryEnd = 0;
  private turn = 0;
  private clients = 0;
  private cookies = new Map<string, string>();
  private readonly staffAddress = "192.0.2.10";

  constructor(
    /** APP_URL's origin, which both instances serve and check the Origin header against. */
    private readonly origin: string,
    private readonly instances: string[],
    private readonly run: string,
  ) {}

  /** A new client address (10.x.y.z), one per visitor, participant or sign-up. */
  private address(): string {
    const i = ++this.clients;
    return `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  private keepCookies(setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair, ...attributes] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (!value || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** One request to the next instance; tallied, never thrown. */
  async request(
    kind: Kind,
    method: string,
    path: string,
    o: { ip: string; body?: unknown; staff?: boolean },
  ): Promise<Answer> {
    const instance = this.instances[this.turn++ % this.instances.length];
    const headers: Record<string, string> = { origin: this.origin, "x-forwarded-for": o.ip };
    if (o.body !== undefined) headers["content-type"] = "application/json";
    if (o.staff) headers.cookie = this.cookieHeader();
    try {
      const res = await fetch(instance + path, {
        method,
        headers,
        body: o.body === undefined ? undefined : JSON.stringify(o.body),
        redirect: "manual",
        signal: AbortSignal.timeout(60_000),
      });
      const text = await res.text();
      if (o.staff) this.keepCookies(res.headers.getSetCookie());
      let body: unknown;
      if ((res.headers.get("content-type") ?? "").includes("json") && text) {
        try {
          body = JSON.parse(text);
        } catch {
          body = undefined;
        }
      }
      const code = (body as { error?: { code?: number } } | undefined)?.error?.code;
      const outcome =
        res.status === 200
          ? "200"
          : code === undefined
            ? `${res.status}`
            : `${res.status} code ${code}`;
      this.tally.note(kind, outcome, () => `${method} ${instance}${path}: ${text.slice(0, 300)}`);
      return { status: res.status, code, outcome, body };
    } catch (error) {
      this.tally.note(kind, "network", () => `${method} ${instance}${path}: ${String(error)}`);
      return { status: 0, outcome: "network", body: undefined };
    }
  }

  /**
   * Sends until the answer is not worth sending again, waiting `delay(attempt)` in between; null
   * when the run's time for retries ran out first.
   */
  private async persist(
    send: () => Promise<Answer>,
    again: (answer: Answer) => boolean,
    delay: (attempt: number) => number,
    entry: { attempts: number },
  ): Promise<Answer | null> {
    for (let attempt = 0; ; attempt++) {
      entry.attempts++;
      const answer = await send();
      if (!again(answer)) return answer;
      if (Date.now() > this.retryEnd) return null;
      await sleep(delay(attempt));
    }
  }

  /** The survey runner's rule: the same submission again on 503 code 13 or no answer. */
  private static runnerRetries(answer: Answer): boolean {
    if (answer.status === 0) return true;
    return isDatabaseAway({
      ok: answer.status === 200,
      status: answer.status,
      error: answer.code === undefined ? undefined : { code: answer.code },
    });
  }

  /** Signs the staff member in (an admin; two-factor sign-in is optional on the instances). */
  async signIn(email: string, password: string): Promise<void> {
    const res = await this.request("staff", "POST", "/api/login", {
      ip: this.staffAddress,
      body: { email, password },
      staff: true,
    });
    if (res.status !== 200 || this.cookies.size === 0) {
      throw new Error(`staff sign-in answered ${res.outcome}`);
    }
  }

  /** A staff call, sent again (with backoff) while the database is away. */
  async staff(method: string, path: string, body?: unknown): Promise<Answer | null> {
    return this.persist(
      () => this.request("staff", method, path, { ip: this.staffAddress, body, staff: true }),
      (a) => a.status === 0 || a.status >= 500,
      (attempt) => Math.min(1000 * 2 ** attempt, 8000),
      { attempts: 0 },
    );
  }

  async visitor(page: string): Promise<void> {
    await this.request("page", "GET", page, { ip: this.address() });
  }

  /** Loads the survey, then sends it with its own submission id until it is acknowledged. */
  async participant(surveyUuid: string, answers: (n: number) => unknown[]): Promise<void> {
    const ip = this.address();
    await this.request("survey", "GET", `/api/survey/${surveyUuid}`, { ip });
    const entry: Submission = { id: randomUUID(), acknowledged: false, attempts: 0 };
    this.submissions.push(entry);
    const body = { answers: answers(this.submissions.length), submission_id: entry.id };
    await this.settle(entry, () =>
      this.request("submit", "POST", `/api/survey/${surveyUuid}/submit`, { ip, body }),
    );
  }

  /** Joins the panel with a new address, trying again as a person would after "try later". */
  async signUp(): Promise<void> {
    const ip = this.address();
    const entry: SignUp = {
      email: `soak-${this.run}-${this.signUps.length + 1}@example.org`,
      acknowledged: false,
      attempts: 0,
    };
    this.signUps.push(entry);
    await this.settle(entry, () =>
      this.request("signup", "POST", "/api/panel_user", { ip, body: { email: entry.email } }),
    );
  }

  /**
   * Sends as the survey runner and the sign-up form do (again after no answer, a 5xx or a 429,
   * with backoff) and records how it ended: acknowledged, refused, or still failing when the
   * run's time for retries was over.
   */
  private async settle(entry: Omit<Submission, "id">, send: () => Promise<Answer>): Promise<void> {
    const final = await this.persist(send, SoakClients.runnerRetries, retryDelayMs, entry);
    if (!final) entry.abandoned = true;
    else if (final.status === 200) entry.acknowledged = true;
    else entry.refused = final.outcome;
  }

  /**
   * One autosave of the editor, as `useSurveySave` does it: the next revision with the version
   * it is based on, sent again on no answer, a 5xx or a 429 (backoff from 1 s, doubled, at most
   * 8 s). A 409 code 27 makes the editor load the survey saved now: when that is its own
   * revision (the save landed, its answer was lost) it takes that version and is done.
   */
  async autosave(editor: Editor): Promise<void> {
    const revision = ++editor.revision;
    const path = `/api/study/${editor.studyId}/survey`;
    const steps = withRevision(editor.steps, revision);
    const entry = { attempts: 0 };
    let lastSaved = false;
    const final = await this.persist(
      async () => {
        const answer = await this.request("autosave", "PUT", path, {
          ip: this.staffAddress,
          staff: true,
          body: {
            study_id: editor.studyId,
            survey_uuid: editor.surveyUuid,
            steps,
            version: editor.version,
          },
        });
        if (answer.code !== ErrorCode.CHANGED_ELSEWHERE) return answer;
        const now = await this.request("autosave", "GET", path, {
          ip: this.staffAddress,
          staff: true,
        });
        if (now.status !== 200) return now;
        const saved = now.body as { version: number; steps: Record<string, unknown>[] };
        editor.version = saved.version;
        if (revisionOf(saved.steps) === revision) {
          editor.ownSaveLanded++;
          lastSaved = true;
          return now;
        }
        editor.conflicts++;
        return { ...answer, status: 0 };
      },
      (a) => a.status === 0 || a.status >= 500 || a.status === 429,
      (attempt) => Math.min(1000 * 2 ** attempt, 8000),
      entry,
    );
    if (!final) {
      editor.abandoned++;
    } else if (final.status === 200) {
      if (!lastSaved) editor.version = (final.body as { version: number }).version;
      editor.steps = steps;
      editor.acknowledged = revision;
    } else editor.refused++;
  }

  /** Repeats `action` with a pause of about `thinkMs` until the phase ends. */
  async loop(thinkMs: number, action: () => Promise<void>): Promise<void> {
    while (Date.now() < this.phaseEnd) {
      await action();
      await sleep(jitter(thinkMs));
    }
  }
}
