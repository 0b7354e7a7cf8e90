import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieFrom } from "../support/http";
import { account } from "../support/auth";
import { startInstance, request, type Instance } from "../support/robustness/instances";
import { databaseUrl, onPostgres } from "../support/robustness/postgres";
import { roomInWindow } from "../support/rate-window";

/**
 * Two app instances (separate processes, as behind a load balancer) sharing one Postgres:
 * whatever must hold for the site as a whole holds across them. The embedded database serves
 * one process only, so this runs on Postgres (CI's second run). One panel message sent while
 * several instances run their sender reaching each member once is covered by
 * tests/integration/mailings/parallel-senders.test.ts.
 */
describe.runIf(onPostgres)("two instances on one Postgres", () => {
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    const url = await databaseUrl();
    [a, b] = await Promise.all([startInstance(url), startInstance(url)]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
  });

  it("both answer, on the same database", async () => {
    expect((await request(a, "GET", "/api/health")).body).toEqual({ status: "ok" });
    expect((await request(b, "GET", "/api/health")).body).toEqual({ status: "ok" });
  });

  it("a session made on one instance works on the other, and ends on both", async () => {
    const { email, password } = await account();
    const login = await request(a, "POST", "/api/login", {
      body: { email, password },
      ip: "192.0.2.60",
    });
    expect(login.status).toBe(200);
    const cookie = cookieFrom(login.setCookies, "session")!;
    expect(cookie).toBeTruthy();
    for (const instance of [a, b]) {
      const whoami = await request(instance, "GET", "/api/whoami", { cookie });
      expect(whoami.status).toBe(200);
      expect(whoami.body.email).toBe(email);
    }
    expect((await request(b, "POST", "/api/logout", { cookie, body: {} })).status).toBe(200);
    for (const instance of [a, b]) {
      const whoami = await request(instance, "GET", "/api/whoami", { cookie });
      expect(whoami.status).toBe(401);
      expect(whoami.body.error.code).toBe(25);
    }
  });

  it("the sign-in limit per address counts attempts on both instances together", async () => {
    await roomInWindow(15 * 60, 30);
    const { email } = await account();
    const statuses: number[] = [];
    // Five wrong passwords per address in 15 minutes; alternate instances and client addresses.
    for (let n = 0; n < 6; n++) {
      const res = await request(n % 2 === 0 ? a : b, "POST", "/api/login", {
        body: { email, password: "Wrong-password-1" },
        ip: `192.0.2.${100 + n}`,
      });
      statuses.push(res.status);
      if (n === 5) expect(res.body.error.code).toBe(23);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it("the sign-up limit per address counts requests on both instances together", async () => {
    await roomInWindow(60 * 60, 30);
    const statuses: number[] = [];
    for (let n = 0; n < 6; n++) {
      const res = await request(n % 2 === 0 ? a : b, "POST", "/api/panel_user", {
        body: { email: "twice-everywhere@example.org" },
        ip: `192.0.2.${150 + n}`,
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("a per-client limit counts one client's requests on both instances together", async () => {
    await roomInWindow(15 * 60, 30);
    // Token look-ups: 30 per client in 15 minutes, from one address, split over the instances.
    const statuses: number[] = [];
    for (let n = 0; n < 31; n++) {
      const res = await request(n % 2 === 0 ? a : b, "POST", "/api/survey/response/lookup", {
        body: { token: "x".repeat(32) },
        ip: "192.0.2.200",
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
