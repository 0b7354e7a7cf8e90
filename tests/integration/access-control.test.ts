import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { call } from "../support/http";
import { staffWithSession } from "../support/staff";

/**
 * Who may call what. Every route handler under app/api is found on disk and called; anything
 * not listed as public must refuse a caller without a session with 401 code 25, and anything
 * listed as admin-only must refuse other staff with 403 code 8. A new endpoint is therefore
 * staff-only until it is added to `publicEndpoints` here (a deliberate choice to open it), and an
 * admin-only action belongs in `adminEndpoints`.
 *
 * Keys are "<METHOD> <path as in app/api, with its [segments]>". Each key must name a method
 * that a route file exports, once: a stale or doubled entry fails the test, so the table never
 * claims a rule for an endpoint that does not exist.
 */
const publicList = [
  "GET /api/health",
  // Unknown paths answer 404 code 14 in the envelope.
  "GET /api/[...path]",
  "POST /api/[...path]",
  "PUT /api/[...path]",
  "PATCH /api/[...path]",
  "DELETE /api/[...path]",
  // Signing in and out, and getting back in.
  "POST /api/login",
  "POST /api/login_2fa",
  "POST /api/logout",
  "POST /api/forgot_password",
  "POST /api/reset_password",
  // Panel members (by mail link) and the public site.
  "POST /api/panel_user",
  "POST /api/panel_user/verify_email",
  "POST /api/panel_user/stop_participation",
  "POST /api/panel_user/unsubscribe",
  "GET /api/panel_user/unsubscribe",
  // Authorised by the cron secret instead of a session.
  "GET /api/cron/deliver",
  "POST /api/cron/deliver",
  // The mail provider's events: authorised by their signature.
  "POST /api/webhooks/resend",
  "GET /api/study/open",
  "GET /api/study/finished",
  // Studies and their attachments: public while open or finished, staff-only otherwise.
  "GET /api/study/[id]",
  "GET /api/study/[id]/attachments",
  "GET /api/study/[id]/attachments/[attachmentId]",
  // Images of rich text, shown in public descriptions and in mails.
  "GET /api/editor_image/[id]",
  "GET /api/survey/[surveyUuid]",
  "POST /api/survey/[surveyUuid]/submit",
  "POST /api/survey/response/lookup",
  "POST /api/survey/response/delete",
];

const adminList = [
  "GET /api/staff",
  "POST /api/staff",
  "PUT /api/staff/[id]",
  "DELETE /api/staff/[id]",
  "POST /api/staff/[id]/resend_invite",
  "POST /api/staff/[id]/reset_2fa",
  "DELETE /api/panel_user/[id]",
  "DELETE /api/study/[id]",
  "POST /api/panel_message/[id]/send",
  "POST /api/panel_message/[id]/cancel",
];

export const publicEndpoints: ReadonlySet<string> = new Set(publicList);
export const adminEndpoints: ReadonlySet<string> = new Set(adminList);

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const apiRoot = path.resolve(__dirname, "../../app/api");

type Handler = Parameters<typeof call>[0];
type Endpoint = {
  key: string;
  method: string;
  route: string;
  handler: Handler;
  params: Record<string, string | string[]>;
};

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return name === "route.ts" ? [full] : [];
  });
}

async function discover(): Promise<Endpoint[]> {
  const endpoints: Endpoint[] = [];
  for (const file of routeFiles(apiRoot).sort()) {
    const rel = path.relative(apiRoot, path.dirname(file)).split(path.sep).filter(Boolean);
    const route = ["/api", ...rel].join("/");
    // Any value will do: access is decided before parameters are looked at.
    const params: Record<string, string | string[]> = {};
    for (const segment of rel) {
      const catchAll = segment.match(/^\[\.\.\.(.+)\]$/);
      const dynamic = segment.match(/^\[(.+)\]$/);
      if (catchAll) params[catchAll[1]] = ["anything"];
      else if (dynamic) params[dynamic[1]] = "1";
    }
    const mod = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
    for (const method of METHODS) {
      // Methods a route lacks answer 405 (otherMethods); the robustness suite covers them.
      if (typeof mod[method] === "function" && !("allow" in (mod[method] as object))) {
        endpoints.push({
          key: `${method} ${route}`,
          method,
          route,
          handler: mod[method] as Handler,
          params,
        });
      }
    }
  }
  return endpoints;
}

const endpoints = await discover();
const guarded = endpoints.filter((e) => !publicEndpoints.has(e.key));
const adminOnly = endpoints.filter((e) => adminEndpoints.has(e.key));

function request(e: Endpoint, cookie?: string) {
  const url = e.route.replace(/\[(?:\.\.\.)?([^\]]+)\]/g, "1");
  return call(e.handler, {
    method: e.method,
    path: url,
    params: e.params,
    cookie,
    ...(e.method === "GET" ? {} : { body: {} }),
  });
}

function duplicates(list: readonly string[]): string[] {
  return list.filter((key, i) => list.indexOf(key) !== i);
}

describe("the access-control table", () => {
  const existing = new Set(endpoints.map((e) => e.key));

  it.each([
    ["public", publicList],
    ["admin", adminList],
  ])("lists every %s endpoint once", (_name, list) => {
    expect(duplicates(list)).toEqual([]);
  });

  it.each([
    ["public", publicList],
    ["admin", adminList],
  ])("lists only %s endpoints that a route file exports", (_name, list) => {
    expect(list.filter((key) => !existing.has(key))).toEqual([]);
  });

  it("never lists an endpoint as both public and admin-only", () => {
    expect(publicList.filter((key) => adminEndpoints.has(key))).toEqual([]);
  });
});

describe("access control of every API endpoint", () => {
  it("finds the endpoints, including the staff and admin ones", () => {
    const keys = endpoints.map((e) => e.key);
    expect(keys).toContain("GET /api/whoami");
    expect(keys).toContain("DELETE /api/staff/[id]");
    for (const key of [
      "GET /api/panel_message",
      "POST /api/panel_message",
      "GET /api/panel_message/[id]",
      "PUT /api/panel_message/[id]",
      "DELETE /api/panel_message/[id]",
      "POST /api/panel_message/[id]/send",
      "POST /api/panel_message/[id]/test",
      "GET /api/study/[id]/survey",
      "GET /api/study/[id]/survey/version",
      "PUT /api/study/[id]/survey",
      "GET /api/study/[id]/responses/export",
    ]) {
      expect(guarded.map((e) => e.key)).toContain(key);
    }
    expect(adminOnly.map((e) => e.key)).toContain("POST /api/panel_message/[id]/send");
    expect(guarded.length).toBeGreaterThan(5);
    expect(adminOnly.length).toBeGreaterThan(3);
  });

  it.each(guarded.map((e) => [e.key, e] as const))(
    "%s answers 401 code 25 when signed out",
    async (_key, e) => {
      const res = await request(e);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: { code: 25, message: "Not signed in" } });
    },
  );

  it.each(guarded.map((e) => [e.key, e] as const))(
    "%s refuses a made-up session cookie",
    async (_key, e) => {
      const res = await request(e, "session=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe(25);
    },
  );

  it.each(adminOnly.map((e) => [e.key, e] as const))(
    "%s answers 403 code 8 for staff who are not admins",
    async (_key, e) => {
      const staff = await staffWithSession({ admin: false });
      const res = await request(e, staff.cookie);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: { code: 8, message: "This requires an admin" } });
    },
  );
});
