import { describe, expect, it } from "vitest";
import {
  adminEndpoints,
  adminList,
  callEndpoint as request,
  discoverEndpoints,
  duplicates,
  publicEndpoints,
  publicList,
} from "../support/api-endpoints";
import { staffWithSession } from "../support/staff";

/**
 * Who may call what. Every route handler under app/api is found on disk and called; anything
 * not listed as public must refuse a caller without a session with 401 code 25, and anything
 * listed as admin-only must refuse other staff with 403 code 8. A new endpoint is therefore
 * staff-only until it is added to `publicEndpoints` (tests/support/api-endpoints.ts; a deliberate
 * choice to open it), and an admin-only action belongs in `adminEndpoints`.
 *
 * Keys are "<METHOD> <path as in app/api, with its [segments]>". Each key must name a method
 * that a route file exports, once: a stale or doubled entry fails the test, so the table never
 * claims a rule for an endpoint that does not exist.
 */
const endpoints = await discoverEndpoints();
const guarded = endpoints.filter((e) => !publicEndpoints.has(e.key));
const adminOnly = endpoints.filter((e) => adminEndpoints.has(e.key));

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
