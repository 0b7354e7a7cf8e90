import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { getConfig } from "@/config";
import { getDb } from "@/db/client";
import { sessions } from "@/db/schema";
import { sha256Hex } from "@/lib/crypto/tokens";
import { AppError } from "@/lib/errors/app-error";
import { route } from "@/lib/http/handler";
import * as unknownApi from "@/app/api/[...path]/route";
import { call } from "../support/http";
import { staffWithSession } from "../support/staff";
import { stopClock } from "../support/clock";
import { countQueries } from "../support/queries";

const echo = route(
  { auth: "none", body: z.object({ name: z.string().min(2, "too short") }) },
  ({ body }) => ({ hello: body.name }),
);
const staffOnly = route(
  { auth: "staff", body: z.object({ secret_shape: z.string() }) },
  ({ user }) => ({ id: user.id }),
);
const adminOnly = route({ auth: "admin" }, ({ user }) => ({ id: user.id }));
const failing = route({ auth: "none" }, () => {
  throw new Error("database password is hunter2");
});
const domainFailing = route({ auth: "none" }, () => {
  throw new AppError(14);
});
const limited = route(
  {
    auth: "none",
    rateLimit: {
      feature: "test",
      windowSeconds: 60,
      siteWide: 100,
      junkPerClient: 10,
      perClient: 3,
    },
  },
  () => ({ ok: true }),
);
const limitedEcho = route(
  {
    auth: "none",
    body: z.object({ name: z.string().min(2, "too short") }),
    rateLimit: {
      feature: "test-echo",
      windowSeconds: 60,
      siteWide: 100,
      junkPerClient: 5,
      perClient: 2,
    },
  },
  ({ body }) => ({ hello: body.name }),
);

describe("handler wrapper", () => {
  it("accepts a same-origin JSON call", async () => {
    const res = await call(echo, { body: { name: "Ann" } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ hello: "Ann" });
  });

  it("refuses a POST from a foreign origin, or with no origin, with 403 code 26", async () => {
    const foreign = await call(echo, { body: { name: "Ann" }, origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual({ error: { code: 26, message: "Request origin not allowed" } });
    const none = await call(echo, { body: { name: "Ann" }, origin: null });
    expect(none.status).toBe(403);
  });

  it("accepts a Referer from the app when Origin is missing", async () => {
    const res = await call(echo, {
      body: { name: "Ann" },
      origin: null,
      headers: { referer: "http://localhost:3000/some/page" },
    });
    expect(res.status).toBe(200);
  });

  it("does not let a Referer rescue an opaque 'null' Origin", async () => {
    const res = await call(echo, {
      body: { name: "Ann" },
      origin: "null",
      headers: { referer: "http://localhost:3000/some/page" },
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe(26);
  });

  it("answers malformed JSON with 400 code 22", async () => {
    const res = await call(echo, {
      rawBody: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(22);
  });

  it("answers a non-JSON body with code 22", async () => {
    const res = await call(echo, {
      rawBody: "name=Ann",
      headers: { "content-type": "text/plain" },
    });
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe(22);
  });

  it("reports invalid fields", async () => {
    const res = await call(echo, { body: { name: "A" } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: { code: 22, message: "Invalid input", fields: { name: "too short" } },
    });
  });

  it("turns an unexpected error into code 13 without leaking it", async () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await call(failing);
    spy.mockRestore();
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: { code: 13, message: "An unknown error occurred" } });
    expect(res.text).not.toContain("hunter2");
  });

  it("maps a domain error to its code and status", async () => {
    const res = await call(domainFailing);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe(14);
  });

  it("checks the session before looking at the input", async () => {
    const res = await call(staffOnly, { body: { wrong: 1 } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { code: 25, message: "Not signed in" } });
  });

  it("does not accept a made-up session cookie", async () => {
    const res = await call(staffOnly, {
      body: { secret_shape: "x" },
      cookie: "session=abcdefghijklmnop",
    });
    expect(res.status).toBe(401);
  });

  it("lets staff in and keeps admins-only calls for admins", async () => {
    const staff = await staffWithSession();
    const ok = await call(staffOnly, { body: { secret_shape: "x" }, cookie: staff.cookie });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ id: staff.user.id });
    const denied = await call(adminOnly, { cookie: staff.cookie });
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe(8);
    const admin = await staffWithSession({ admin: true });
    expect((await call(adminOnly, { cookie: admin.cookie })).status).toBe(200);
  });

  it("keeps staff data from reads another site starts (Sec-Fetch-Site), with 403 code 26", async () => {
    const staff = await staffWithSession();
    const staffRead = route({ auth: "staff" }, ({ user }) => ({ id: user.id }));
    const publicRead = route({ auth: "optional" }, () => ({ shown: true }));
    const read = (handler: typeof staffRead, site: string) =>
      call(handler, { method: "GET", cookie: staff.cookie, headers: { "sec-fetch-site": site } });
    for (const site of ["cross-site", "same-site"]) {
      const refused = await read(staffRead, site);
      expect(refused.status, site).toBe(403);
      expect(refused.body.error.code).toBe(26);
      // What anyone may read stays readable from anywhere (a public PDF linked elsewhere).
      expect((await read(publicRead, site)).status).toBe(200);
    }
    // The portal's own calls, an address typed or bookmarked, and clients that send no header.
    for (const site of ["same-origin", "none"])
      expect((await read(staffRead, site)).status).toBe(200);
    expect((await call(staffRead, { method: "GET", cookie: staff.cookie })).status).toBe(200);
  });

  it("refuses an expired session and removes it", async () => {
    const staff = await staffWithSession();
    const db = await getDb();
    const id = sha256Hex(staff.cookie.split("=")[1]);
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, id));
    const res = await call(adminOnly, { cookie: staff.cookie });
    expect(res.status).toBe(401);
    expect(await db.select().from(sessions).where(eq(sessions.id, id))).toHaveLength(0);
  });

  it("slides a used session's idle timeout forward and sends the cookie again", async () => {
    const staff = await staffWithSession({ admin: true });
    const db = await getDb();
    const id = sha256Hex(staff.cookie.split("=")[1]);
    // Last used ten minutes ago: twenty minutes of its idle half hour left.
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 20 * 60_000) })
      .where(eq(sessions.id, id));
    const res = await call(adminOnly, { cookie: staff.cookie });
    expect(res.status).toBe(200);
    expect(res.setCookies.some((c) => c.startsWith("session=") && c.includes("HttpOnly"))).toBe(
      true,
    );
    const [row] = await db.select().from(sessions).where(eq(sessions.id, id));
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
  });

  it("rate limits per client with 429 code 23 and Retry-After", async () => {
    stopClock();
    for (let i = 0; i < 3; i++)
      expect((await call(limited, { ip: "198.51.100.1" })).status).toBe(200);
    const res = await call(limited, { ip: "198.51.100.1" });
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe(23);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await call(limited, { ip: "198.51.100.2" })).status).toBe(200);
  });

  it.runIf(getConfig().trustProxy)(
    "counts a valid anonymous request's junk unit with its other limits, in one statement",
    async () => {
      stopClock();
      const queries = countQueries();
      const res = await call(limitedEcho, { body: { name: "Ada" }, ip: "198.51.100.20" });
      const statements = queries.count();
      queries.restore();
      expect(res.status).toBe(200);
      expect(statements).toBe(1);
    },
  );

  it.runIf(getConfig().trustProxy)(
    "keeps the junk unit of a request its per-client budget refuses, and counts malformed ones",
    async () => {
      stopClock();
      const ip = "198.51.100.21";
      const valid = () => call(limitedEcho, { body: { name: "Ada" }, ip });
      const malformed = () => call(limitedEcho, { body: { name: "A" }, ip });
      expect((await valid()).status).toBe(200);
      expect((await valid()).status).toBe(200);
      expect((await valid()).status).toBe(429); // per client: 2; its junk unit stays counted
      expect((await malformed()).status).toBe(400);
      expect((await malformed()).status).toBe(400); // the fifth junk unit
      const refused = await malformed();
      expect(refused.status).toBe(429);
      expect(refused.body.error.code).toBe(23);
    },
  );

  it("fails a handler that was given its limits to count and never counted them", async () => {
    const forgetful = route(
      {
        auth: "none",
        rateLimit: { feature: "test-forgot", windowSeconds: 60, siteWide: 100, junkPerClient: 5 },
        countLimitsIn: "statement",
      },
      () => ({ ok: true }),
    );
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await call(forgetful, { body: {} });
    quiet.mockRestore();
    expect(res.status).toBe(500);
    expect(res.body.error.code).toBe(13);
  });

  it("answers unknown API paths with 404 in the envelope", async () => {
    for (const method of ["GET", "POST", "PUT", "DELETE"] as const) {
      const res = await call(unknownApi[method], { method, path: "/api/nope" });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe(14);
    }
  });
});
