import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { verifyAuditChain } from "@/lib/audit/verify";
import { allErrorCodes } from "@/lib/errors/codes.shared";
import { ROUTE_METHODS, type RouteHandler } from "@/lib/http/handler";
import { APP_ORIGIN, call, type CallOptions, type CallResult } from "../support/http";
import { staffWithSession } from "../support/staff";
import { insertStudyWithSurvey } from "../support/survey";
import { discoverRouteFiles, fillPath, type RouteFile } from "../support/robustness/routes";
import { snapshotTables } from "../support/robustness/snapshot";

/**
 * Hostile input against every API route and method: whatever arrives, the answer is the error
 * envelope with a 4xx status (never a 500), and no table changes. Requests carry an admin's
 * session, so they get past access control to the validation behind it.
 *
 * The table below describes each endpoint's input: the hostile cases are derived from it. It is
 * checked against the route files on disk, so an endpoint added later fails this test until it
 * is described here, and an entry for an endpoint that no longer exists fails too.
 */

/** Kinds of dynamic path segments; each has a harmless value and a list of hostile ones. */
type ParamKind = "id" | "uuid" | "survey" | "path";

type Input =
  /** Takes no body. Such endpoints are only sent what must be refused before they act. */
  | { kind: "none" }
  /**
   * A JSON body: `sample` holds only required fields, so leaving any one out is invalid;
   * `optional` the other fields with a valid value; `freeText` the fields where any text is
   * valid (so injection strings there are content, not an attack to refuse).
   */
  | {
      kind: "json";
      sample: Record<string, unknown>;
      optional?: Record<string, unknown>;
      freeText?: string[];
    }
  /** A multipart upload of one file under "file". */
  | { kind: "file" }
  /** RFC 8058's one-click form body. */
  | { kind: "one-click" };

type Spec = {
  params?: Record<string, ParamKind>;
  /** A well-formed query; each value is then replaced by hostile ones. */
  query?: Record<string, string>;
  input: Input;
  /** Answers a redirect to a page for any input instead of an envelope. */
  redirects?: boolean;
};

const none: Input = { kind: "none" };
const json = (
  sample: Record<string, unknown>,
  o: { optional?: Record<string, unknown>; freeText?: string[] } = {},
): Input => ({ kind: "json", sample, ...o });
const id = { id: "id" } as const;

const table: Record<string, Spec> = {
  "GET /api/[...path]": { params: { path: "path" }, input: none },
  "POST /api/[...path]": { params: { path: "path" }, input: none },
  "PUT /api/[...path]": { params: { path: "path" }, input: none },
  "PATCH /api/[...path]": { params: { path: "path" }, input: none },
  "DELETE /api/[...path]": { params: { path: "path" }, input: none },
  "POST /api/change_password": {
    input: json({ current_password: "not-the-password-1", new_password: "Another-password-2" }),
  },
  // `from` and `to` are left out: 0 is a valid time there (tests/integration/audit/api.test.ts).
  "GET /api/audit_log": {
    query: { page: "1", per_page: "25", action: "sign_in", actor_id: "1", format: "json" },
    input: none,
  },
  "GET /api/cron/deliver": { input: none },
  "POST /api/cron/deliver": { input: none },
  "DELETE /api/delete_account": { input: none },
  "POST /api/disable_2fa": { input: json({ totp_code: "123456" }) },
  "GET /api/editor_image/[id]": { params: { id: "uuid" }, input: none },
  "POST /api/editor_image": { input: { kind: "file" } },
  "POST /api/enable_2fa": {
    input: json({ totp_secret: "JBSWY3DPEHPK3PXPJBSWY3DP", totp_code: "123456" }),
  },
  "POST /api/forgot_password": { input: json({ email: "nobody@example.org" }) },
  "GET /api/generate_2fa_secret": { input: none },
  "GET /api/health": { input: none },
  "POST /api/login": { input: json({ email: "nobody@example.org", password: "wrong" }) },
  "POST /api/login_2fa": {
    input: json({ totp_code: "123456" }, { optional: { email: "nobody@example.org" } }),
  },
  "POST /api/logout": { input: none },
  "GET /api/panel_message": { input: none },
  "POST /api/panel_message": {
    input: json({}, { optional: { subject: "Hello" }, freeText: ["subject"] }),
  },
  "GET /api/panel_message/[id]": { params: id, input: none },
  "PUT /api/panel_message/[id]": {
    params: id,
    input: json({}, { optional: { subject: "Hello", body: "<p>Hi</p>" } }),
  },
  "DELETE /api/panel_message/[id]": { params: id, input: none },
  "POST /api/panel_message/[id]/send": {
    params: id,
    input: json({}, { optional: { send_at: 4_102_444_800 } }),
  },
  "POST /api/panel_message/[id]/cancel": { params: id, input: none },
  "POST /api/panel_message/[id]/test": { params: id, input: none },
  "POST /api/panel_user/[id]/resend_verification_email": { params: id, input: none },
  "DELETE /api/panel_user/[id]": { params: id, input: none },
  "POST /api/panel_user/[id]/clear_bounce": { params: id, input: none },
  // Any text is a valid search (it finds nobody): injection strings there are content.
  "POST /api/panel_user/search": {
    input: json({ email: "nobody@example.org" }, { freeText: ["email"] }),
  },
  "GET /api/panel_user": {
    query: { page: "1", per_page: "10", status: "bounced" },
    input: none,
  },
  "POST /api/panel_user": { input: json({ email: "new-member@example.org" }) },
  "POST /api/panel_user/stop_participation": {
    input: json({ panel_user_id: 999_999, stop_token: "x".repeat(40) }),
  },
  "GET /api/panel_user/unsubscribe": {
    query: { panel_user_id: "999999", stop_token: "x" },
    input: none,
    redirects: true,
  },
  "POST /api/panel_user/unsubscribe": {
    query: { panel_user_id: "999999", stop_token: "x".repeat(40) },
    input: { kind: "one-click" },
  },
  "POST /api/panel_user/verify_email": {
    input: json({ panel_user_id: 999_999, verification_token: "x".repeat(40) }),
  },
  "POST /api/reset_password": {
    input: json({
      email: "nobody@example.org",
      reset_token: "x".repeat(40),
      new_password: "Another-password-2",
    }),
  },
  "GET /api/staff": { input: none },
  "POST /api/staff": {
    input: json(
      { email: "new-staff@example.org" },
      { optional: { name: "New", is_admin: false }, freeText: ["name"] },
    ),
  },
  "PUT /api/staff/[id]": { params: id, input: json({ is_admin: true }) },
  "POST /api/sign_out_others": { input: none },
  "DELETE /api/staff/[id]": { params: id, input: none },
  "POST /api/staff/[id]/resend_invite": { params: id, input: none },
  "POST /api/staff/[id]/reset_2fa": { params: id, input: json({ password: "not-the-password" }) },
  "GET /api/study": { input: none },
  "POST /api/study": {
    input: json({}, { optional: { name: "A study" }, freeText: ["name"] }),
  },
  "GET /api/study/finished": { input: none },
  "GET /api/study/open": { input: none },
  "GET /api/study/[id]": { params: id, input: none },
  "PUT /api/study/[id]": {
    params: id,
    input: json(
      {},
      {
        optional: {
          name: "A study",
          short_description: "<p>Short</p>",
          description: "<p>Long</p>",
          status: "open",
          response_limit: 5,
          closes_at: 4_102_444_800,
        },
      },
    ),
  },
  "DELETE /api/study/[id]": { params: id, input: none },
  "POST /api/study/[id]/duplicate": { params: id, input: none },
  "GET /api/study/[id]/survey": { params: id, input: none },
  "GET /api/study/[id]/survey/version": { params: id, input: none },
  "PUT /api/study/[id]/survey": {
    params: id,
    input: json({
      study_id: 999_999,
      survey_uuid: "00000000-0000-4000-8000-000000000000",
      steps: [],
    }),
  },
  "GET /api/study/[id]/responses/export": {
    params: id,
    query: { format: "csv" },
    input: none,
  },
  "GET /api/study/[id]/attachments": { params: id, input: none },
  "POST /api/study/[id]/attachments": { params: id, input: { kind: "file" } },
  "GET /api/study/[id]/attachments/[attachmentId]": {
    params: { id: "id", attachmentId: "id" },
    query: { download: "1" },
    input: none,
  },
  "DELETE /api/study/[id]/attachments/[attachmentId]": {
    params: { id: "id", attachmentId: "id" },
    input: none,
  },
  "GET /api/survey/[surveyUuid]": { params: { surveyUuid: "uuid" }, input: none },
  "POST /api/survey/[surveyUuid]/submit": {
    params: { surveyUuid: "survey" },
    input: json({ answers: [] }),
  },
  "POST /api/survey/response/delete": { input: json({ token: "x".repeat(40) }) },
  "POST /api/survey/response/lookup": { input: json({ token: "x".repeat(40) }) },
  "GET /api/whoami": { input: none },
  // Unsigned, so every hostile body is refused (401 code 31) before it is read as an event.
  "POST /api/webhooks/resend": {
    input: json({ type: "email.bounced", data: { to: ["nobody@example.org"] } }),
  },
};

const INJECTIONS = [
  "' OR '1'='1' --",
  "1; DROP TABLE staff_users; --",
  '" OR ""="',
  "<script>alert(1)</script>",
  '<img src=x onerror="alert(1)">',
  "../../../../etc/passwd",
  "..\\..\\windows\\win.ini",
  "%00",
  "\u0000\u202e",
  "{{7*7}}${7*7}",
];

const BAD_IDS = [
  "-1",
  "0",
  "abc",
  "1.5",
  "1e3",
  "0x10",
  " 1",
  "１",
  "2147483648",
  "99999999999999999999",
  "",
  ...INJECTIONS,
];
const BAD_UUIDS = ["not-a-uuid", "00000000-0000-0000-0000-00000000000g", "-1", "", ...INJECTIONS];
const BAD_PATHS = [["..", "..", "etc", "passwd"], ["%2e%2e", "%2f"], ["<script>"], [INJECTIONS[1]]];
const BAD_QUERY_VALUES = [
  "-1",
  "0",
  "abc",
  "1e309",
  "99999999999999999999",
  "x".repeat(100_000),
  ...INJECTIONS,
];

/** A value of another JSON type than `value`. */
function wrongTypes(value: unknown): unknown[] {
  if (typeof value === "string") return [12345, true, null, ["x"], { x: "y" }];
  if (typeof value === "number") return ["12x", true, null, [1], { n: 1 }];
  if (typeof value === "boolean") return ["yes", 1, null, [true]];
  if (Array.isArray(value)) return ["x", 1, null, { 0: "x" }];
  return ["x", 1, null, []];
}

function nestedArrays(depth: number): string {
  return "[".repeat(depth) + "]".repeat(depth);
}
function nestedObjects(depth: number): string {
  return '{"a":'.repeat(depth) + "1" + "}".repeat(depth);
}

type Case = { name: string; options: CallOptions; expect?: "redirect" };

let surveyUuid = "";
let adminCookie = "";

function paramValues(spec: Spec): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const [name, kind] of Object.entries(spec.params ?? {})) {
    if (kind === "id") values[name] = "999999";
    else if (kind === "uuid") values[name] = randomUUID();
    else if (kind === "survey") values[name] = surveyUuid;
    else values[name] = ["no-such-endpoint"];
  }
  return values;
}

function queryString(query: Record<string, string> | undefined): string {
  if (!query) return "";
  return `?${new URLSearchParams(query).toString()}`;
}

function fileForm(bytes: Uint8Array<ArrayBuffer> | string, name: string, type: string): FormData {
  const form = new FormData();
  form.append("file", new File([bytes], name, { type }));
  return form;
}

/** The hostile requests for one endpoint, derived from its description. */
function casesFor(route: string, method: string, spec: Spec): Case[] {
  const params = paramValues(spec);
  const query = queryString(spec.query);
  const base = { method, params, path: fillPath(route, params) + query };
  const cases: Case[] = [];
  const add = (name: string, options: Partial<CallOptions>) =>
    cases.push({
      name,
      options: { ...base, ...options },
      expect: spec.redirects ? "redirect" : undefined,
    });

  for (const [name, kind] of Object.entries(spec.params ?? {})) {
    const bad: (string | string[])[] =
      kind === "id" ? BAD_IDS : kind === "path" ? BAD_PATHS : BAD_UUIDS;
    for (const value of bad) {
      const p = { ...params, [name]: value };
      add(`path ${name}=${JSON.stringify(value).slice(0, 40)}`, {
        params: p,
        path: fillPath(route, p) + query,
        ...(spec.input.kind === "json" ? { body: spec.input.sample } : {}),
      });
    }
  }

  for (const key of Object.keys(spec.query ?? {})) {
    for (const value of [...BAD_QUERY_VALUES, ["1", "2"]]) {
      const search = new URLSearchParams(spec.query);
      if (Array.isArray(value)) {
        search.delete(key);
        for (const v of value) search.append(key, v);
      } else search.set(key, value);
      add(`query ${key}=${JSON.stringify(value).slice(0, 40)}`, {
        path: `${fillPath(route, params)}?${search.toString()}`,
        ...(spec.input.kind === "one-click"
          ? { rawBody: oneClickForm(), headers: {} }
          : spec.input.kind === "json"
            ? { body: spec.input.sample }
            : {}),
      });
    }
  }

  if (method !== "GET") {
    const huge = `{"pad":"${"x".repeat(10 * 1024 * 1024)}"}`;
    add("a 10 MB body", {
      rawBody: huge,
      headers: { "content-type": "application/json", "content-length": String(huge.length) },
    });
    add("a 10 MB body without a declared length", {
      rawBody: huge,
      headers: { "content-type": "application/json" },
    });
  }

  const input = spec.input;
  if (input.kind === "json") {
    const raw = (text: string, type = "application/json") =>
      ({ rawBody: text, headers: { "content-type": type } }) as Partial<CallOptions>;
    const sampleText = JSON.stringify(input.sample);
    for (const type of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/xml",
      "",
    ]) {
      add(`content type ${JSON.stringify(type)}`, raw(sampleText, type));
    }
    for (const text of ['{"a":', "{'a':1}", "NaN", "\u0000", '{"a":1}}', "\uFEFF{"]) {
      add(`malformed JSON ${JSON.stringify(text)}`, raw(text));
    }
    for (const text of ["[]", '"text"', "42", "null", "true", "[{}]"]) {
      add(`a JSON ${text} instead of an object`, raw(text));
    }
    add("arrays nested 100,000 deep", raw(nestedArrays(100_000)));
    // An object of unknown fields only is valid where no field is required (extras are ignored).
    if (Object.keys(input.sample).length > 0) {
      add("objects nested 100,000 deep", raw(`{"x":${nestedObjects(100_000)}}`));
    }
    const fields = Object.keys(input.sample);
    for (const field of fields) {
      const rest = { ...input.sample };
      delete rest[field];
      add(`missing ${field}`, { body: rest });
    }
    const known = { ...input.sample, ...input.optional };
    for (const [field, value] of Object.entries(known)) {
      for (const wrong of wrongTypes(value)) {
        add(`${field} as ${JSON.stringify(wrong)}`, { body: { ...input.sample, [field]: wrong } });
      }
      const others = Object.entries(input.sample).filter(([f]) => f !== field);
      for (const nested of [nestedArrays(5000), nestedObjects(5000)]) {
        add(`${field} nested 5,000 deep (${nested[0]})`, {
          rawBody: `{${[...others.map(([f, v]) => `${JSON.stringify(f)}:${JSON.stringify(v)}`), `${JSON.stringify(field)}:${nested}`].join(",")}}`,
          headers: { "content-type": "application/json" },
        });
      }
      if (typeof value === "string") {
        add(`${field} of a million characters`, {
          body: { ...input.sample, [field]: "x".repeat(1_000_000) },
        });
        if (!input.freeText?.includes(field)) {
          for (const injection of INJECTIONS) {
            add(`${field} = ${JSON.stringify(injection)}`, {
              body: { ...input.sample, [field]: injection },
            });
          }
        }
      }
    }
  }

  if (input.kind === "file") {
    const html = "<html><script>alert(1)</script></html>";
    add("a JSON body instead of a file", { body: { file: "x" } });
    add("text instead of a form", {
      rawBody: "file=x",
      headers: { "content-type": "text/plain" },
    });
    add("a broken multipart body", {
      rawBody: '--XYZ\r\nContent-Disposition: form-data; name="file"\r\n\r\ngarbage',
      headers: { "content-type": "multipart/form-data; boundary=XYZ" },
    });
    const empty = new FormData();
    empty.append("other", "x");
    add("a form without a file", { rawBody: empty });
    add("a file field that is text", { rawBody: textField() });
    add("HTML named as an image", { rawBody: fileForm(html, "x.png", "image/png") });
    add("HTML named as a PDF", { rawBody: fileForm(html, "x.pdf", "application/pdf") });
    add("a traversal file name", {
      rawBody: fileForm(html, "../../../etc/passwd", "application/pdf"),
    });
    add("an empty file", { rawBody: fileForm(new Uint8Array(0), "x.pdf", "application/pdf") });
    add("10 MB of junk", {
      rawBody: fileForm(new Uint8Array(10 * 1024 * 1024).fill(65), "x.pdf", "application/pdf"),
    });
  }

  if (input.kind === "one-click") {
    add("no form body", {});
    add("a JSON body", { body: { "List-Unsubscribe": "One-Click" } });
    const wrong = new URLSearchParams({ "List-Unsubscribe": "<script>" });
    add("another form value", {
      rawBody: wrong.toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
  }

  return cases;
}

function oneClickForm(): string {
  return new URLSearchParams({ "List-Unsubscribe": "One-Click" }).toString();
}

function textField(): FormData {
  const form = new FormData();
  form.append("file", "not a file");
  return form;
}

let requestCounter = 0;
async function send(handler: RouteHandler, o: CallOptions): Promise<CallResult> {
  requestCounter += 1;
  const headers = { ...o.headers };
  if (typeof o.rawBody === "string" && !("content-type" in headers)) {
    headers["content-type"] = "application/x-www-form-urlencoded";
  }
  return call(handler, {
    ...o,
    headers,
    cookie: adminCookie,
    // Every request from another address, so per-client limits stay out of the way.
    ip: `198.51.${Math.floor(requestCounter / 250) % 250}.${requestCounter % 250}`,
  });
}

function expectEnvelope(res: CallResult, label: string): void {
  expect(res.status, `${label}: ${res.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(res.status, `${label}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
  expect(res.headers.get("content-type"), label).toMatch(/^application\/json/);
  const body = res.body as { error?: { code?: unknown; message?: unknown; fields?: unknown } };
  expect(Object.keys(body ?? {}), label).toEqual(["error"]);
  expect(allErrorCodes, label).toContain(body.error?.code);
  expect(typeof body.error?.message, label).toBe("string");
  const keys = Object.keys(body.error ?? {}).filter((k) => k !== "fields");
  expect(keys.sort(), label).toEqual(["code", "message"]);
  if (body.error?.fields !== undefined) {
    for (const value of Object.values(body.error.fields as Record<string, unknown>)) {
      expect(typeof value, label).toBe("string");
    }
  }
}

const files = await discoverRouteFiles();
const endpoints = files.flatMap((file) =>
  file.implemented.map((method) => ({ key: `${method} ${file.route}`, method, file })),
);

describe("the hostile-input table", () => {
  it("describes every endpoint that a route file implements", () => {
    const described = new Set(Object.keys(table));
    expect(endpoints.map((e) => e.key).filter((key) => !described.has(key))).toEqual([]);
  });

  it("describes only endpoints that exist", () => {
    const existing = new Set(endpoints.map((e) => e.key));
    expect(Object.keys(table).filter((key) => !existing.has(key))).toEqual([]);
  });

  it("finds the routes on disk, including ones behind access control", () => {
    expect(endpoints.length).toBeGreaterThan(40);
    expect(endpoints.map((e) => e.key)).toContain("DELETE /api/staff/[id]");
  });
});

describe("methods a route does not implement", () => {
  it("every route file answers all five methods, none left to Next's bare 405", () => {
    expect(
      files.filter((f) => f.missing.length > 0).map((f) => `${f.route}: ${f.missing}`),
    ).toEqual([]);
  });

  it("every refusing handler's Allow list names exactly the methods its file implements", () => {
    for (const file of files) {
      for (const refused of file.refused) {
        expect(refused.allow, `${refused.method} ${file.route}`).toEqual(file.implemented);
      }
    }
  });

  const refusals = files.flatMap((file) =>
    file.refused.map((r) => [`${r.method} ${file.route}`, file, r.method] as const),
  );
  it.each(refusals)(
    "%s answers 405 in the envelope with Allow, and 403 code 26 to another origin",
    async (_key, file, method) => {
      const params = Object.fromEntries(
        file.segments.map((s) => (s.startsWith("...") ? [s.slice(3), ["x"]] : [s, "1"])),
      );
      for (const body of [undefined, { a: 1 }]) {
        const res = await call(file.handlers[method]!, {
          method,
          path: fillPath(file.route, params),
          params,
          ...(method === "GET" ? {} : { body }),
        });
        expect(res.status).toBe(405);
        expect(res.body).toEqual({ error: { code: 14, message: "Method not allowed" } });
        const allow = res.headers.get("allow")!.split(", ");
        for (const m of file.implemented) expect(allow).toContain(m);
        for (const m of ROUTE_METHODS.filter((m) => !file.implemented.includes(m))) {
          expect(allow).not.toContain(m);
        }
      }
      // No proxy stands in front of /api: a state-changing call from another origin is refused by
      // the refusing handler itself, as the implemented methods refuse it.
      if (method !== "GET") {
        const foreign = await call(file.handlers[method]!, {
          method,
          path: fillPath(file.route, params),
          params,
          origin: "https://evil.example",
          body: { a: 1 },
        });
        expect(foreign.status).toBe(403);
        expect(foreign.body).toEqual({
          error: { code: 26, message: "Request origin not allowed" },
        });
      }
    },
  );
});

describe("hostile input to every endpoint", () => {
  let before: Record<string, string[]>;

  beforeAll(async () => {
    adminCookie = (await staffWithSession({ admin: true })).cookie;
    surveyUuid = (await insertStudyWithSurvey()).surveyUuid;
    before = await snapshotTables();
    expect(Object.keys(before).length).toBeGreaterThan(8);
    expect(before.staff_users).toHaveLength(1);
  });

  const byEndpoint = endpoints
    .filter((e) => table[e.key])
    .map((e) => [e.key, e.file, e.method, table[e.key]] as const);

  it.each(byEndpoint)(
    "%s answers every hostile request in the envelope",
    async (key, file: RouteFile, method, spec) => {
      const cases = casesFor(file.route, method, spec);
      if (spec.params || spec.query || spec.input.kind !== "none" || method !== "GET") {
        expect(cases.length, key).toBeGreaterThan(0);
      }
      for (const c of cases) {
        const res = await send(file.handlers[method as keyof typeof file.handlers]!, c.options);
        const label = `${key} with ${c.name}`;
        if (c.expect === "redirect") {
          expect(res.status, label).toBe(303);
          expect(res.headers.get("location"), label).toMatch(
            new RegExp(`^${APP_ORIGIN.replace(/[.:/]/g, "\\$&")}/stop-participation`),
          );
        } else expectEnvelope(res, label);
      }
    },
  );

  it("left the admin's session working (no hostile request reached logout or deletion)", async () => {
    const whoami = files.find((f) => f.route === "/api/whoami")!.handlers.GET!;
    const res = await call(whoami, { path: "/api/whoami", cookie: adminCookie });
    expect(res.status).toBe(200);
    expect(res.body.is_admin).toBe(true);
  });

  it("changed no table (apart from rate-limit counters, session renewals and refused sign-ins)", async () => {
    const after = await snapshotTables();
    for (const name of Object.keys(before)) {
      if (name === "audit_log" || name === "audit_chain") continue;
      expect(after[name], name).toEqual(before[name]);
    }
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    // A well-formed sign-in with a wrong password is a refused sign-in, which the audit log
    // records; nothing else a hostile request does may leave a row there.
    const kept = after.audit_log.filter((row) => before.audit_log.includes(row));
    expect(kept).toEqual(before.audit_log);
    const added = after.audit_log.filter((row) => !before.audit_log.includes(row));
    expect(new Set(added.map((row) => (JSON.parse(row) as { action: string }).action))).toEqual(
      new Set(added.length > 0 ? ["sign_in_failed"] : []),
    );
    expect(await verifyAuditChain(await getDb())).toMatchObject({ ok: true });
  });
});
