import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as login from "@/app/api/login/route";
import * as forgot from "@/app/api/forgot_password/route";
import { memoryOutbox, clearMemoryOutbox } from "@/lib/mail/transports/memory";
import { call } from "../../support/http";
import { account, PASSWORD, quietLogs } from "../../support/auth";

quietLogs();

// Only Date is faked, so "after the window" can be reached without waiting; the database
// drivers' own timers keep running.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2030-03-04T10:00:30Z"));
});
afterEach(() => vi.useRealTimers());

describe("brute-force protection of the sign-in", () => {
  it("answers 429 code 23 before the 20th wrong password in a row; the right one works after the window", async () => {
    const { email } = await account();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await call(login.POST, { body: { email, password: `Wrong-${i}-Passw0rd` } });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.body.error.code).toBe(23);
        expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      }
    }
    expect(statuses.indexOf(429)).toBeGreaterThan(-1);
    expect(statuses.indexOf(429)).toBeLessThan(19);
    expect(statuses.slice(0, statuses.indexOf(429)).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(statuses.indexOf(429)).every((s) => s === 429)).toBe(true);

    // Still inside the window, even the right password is turned away.
    expect((await call(login.POST, { body: { email, password: PASSWORD } })).status).toBe(429);

    vi.setSystemTime(new Date("2030-03-04T10:16:00Z"));
    const res = await call(login.POST, { body: { email, password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body.two_factor_required).toBe(false);
  });

  it("counts failures per account across clients", async () => {
    const { email } = await account();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await call(login.POST, {
        body: { email, password: "Wrong-Passw0rd" },
        ip: `198.51.100.${i + 1}`,
      });
      statuses.push(res.status);
    }
    expect(statuses).toContain(429);
  });

  it("limits one client trying many accounts, without counting its successful sign-ins", async () => {
    const ip = "203.0.113.99";
    const { email } = await account();
    for (let i = 0; i < 40; i++) {
      // Successful sign-ins give their unit back: a busy office behind one address is fine.
      expect((await call(login.POST, { body: { email, password: PASSWORD }, ip })).status).toBe(
        200,
      );
    }
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await call(login.POST, {
        body: { email: `nobody${i}@example.org`, password: "Guess-Passw0rd1" },
        ip,
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another client is not affected.
    expect(
      (await call(login.POST, { body: { email, password: PASSWORD }, ip: "203.0.113.100" })).status,
    ).toBe(200);
  });
});

describe("brute-force protection of forgot-password", () => {
  beforeEach(() => clearMemoryOutbox());

  it("limits reset mails per address with 429 code 23", async () => {
    const { email } = await account();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await call(forgot.POST, { body: { email }, ip: `198.51.100.${20 + i}` })).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(memoryOutbox().filter((m) => m.to === email)).toHaveLength(3);
  });

  it("limits one client asking for many addresses", async () => {
    const ip = "198.51.100.77";
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await call(forgot.POST, { body: { email: `someone${i}@example.org` }, ip })).status,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    const last = await call(forgot.POST, { body: { email: "someone-else@example.org" }, ip });
    expect(last.status).toBe(429);
    expect(last.body.error.code).toBe(23);
  });
});
