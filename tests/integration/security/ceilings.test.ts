import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as forgot from "@/app/api/forgot_password/route";
import * as login from "@/app/api/login/route";
import * as signup from "@/app/api/panel_user/route";
import * as stop from "@/app/api/panel_user/stop_participation/route";
import * as unsubscribe from "@/app/api/panel_user/unsubscribe/route";
import * as submit from "@/app/api/survey/[surveyUuid]/submit/route";
import { getConfig } from "@/config";
import { getDb } from "@/db/client";
import { rateLimits } from "@/db/schema";
import { account, PASSWORD, quietLogs } from "../../support/auth";
import { call, type CallResult } from "../../support/http";
import { insertStudyWithSurvey, validAnswers } from "../../support/survey";

// Site-wide ceilings never lock honest people out: what one client's own limits refuse never
// counts toward them. Needs clients that can be told apart (TRUST_PROXY=1); without a trusted
// proxy there are only ceilings, which is why production should run behind one.

quietLogs();

const T0 = new Date("2030-05-06T12:00:01Z");
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(T0);
  await (await getDb()).delete(rateLimits);
});
afterEach(() => vi.useRealTimers());

/** `n` calls, 25 at a time, answering their statuses. */
async function statusesOf(n: number, one: (i: number) => Promise<CallResult>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < n; i += 25) {
    const calls = Array.from({ length: Math.min(25, n - i) }, (_, k) => one(i + k));
    statuses.push(...(await Promise.all(calls)).map((r) => r.status));
  }
  return statuses;
}

const ONE_CLIENT = "198.51.100.7";
const ANOTHER_CLIENT = "203.0.113.9";

describe.runIf(getConfig().trustProxy)("one client's refused requests and everyone else", () => {
  it("300 refused sign-ins from one client, then a correct sign-in from another succeeds", async () => {
    const { email } = await account();
    const statuses = await statusesOf(300, (i) =>
      call(login.POST, {
        body: { email: `guess${i}@example.org`, password: "wrong" },
        ip: ONE_CLIENT,
      }),
    );
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(200);
    const res = await call(login.POST, { body: { email, password: PASSWORD }, ip: ANOTHER_CLIENT });
    expect(res.status).toBe(200);
  });

  it("2,500 junk submissions from one client, then a valid one from another is stored", async () => {
    const { surveyUuid } = await insertStudyWithSurvey();
    const statuses = await statusesOf(2500, () =>
      call(submit.POST, { body: { answers: "junk" }, params: { surveyUuid }, ip: ONE_CLIENT }),
    );
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(2000);
    const res = await call(submit.POST, {
      body: { answers: validAnswers() },
      params: { surveyUuid },
      ip: ANOTHER_CLIENT,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token: expect.any(String) });
  });

  it("600 sign-ups from one client, then another person's sign-up goes through", async () => {
    const statuses = await statusesOf(600, (i) =>
      call(signup.POST, { body: { email: `flood${i}@example.org` }, ip: ONE_CLIENT }),
    );
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(500);
    const res = await call(signup.POST, {
      body: { email: "honest.person@example.org" },
      ip: ANOTHER_CLIENT,
    });
    expect(res.status).toBe(200);
  });

  it("500 sign-ups of one address from many clients, then another address goes through", async () => {
    // Refused by the per-address limit inside the route: the ceiling's unit is given back.
    const statuses = await statusesOf(500, (i) =>
      call(signup.POST, {
        body: { email: "same.address@example.org" },
        ip: `10.77.${(i >> 8) & 255}.${i & 255}`,
      }),
    );
    expect(statuses.filter((s) => s === 429).length).toBe(495);
    const res = await call(signup.POST, {
      body: { email: "someone.else@example.org" },
      ip: ANOTHER_CLIENT,
    });
    expect(res.status).toBe(200);
  });

  it("700 stop requests from one client, then another member can still leave", async () => {
    const statuses = await statusesOf(700, () =>
      call(stop.POST, {
        body: { panel_user_id: 999999, stop_token: "not-a-token" },
        ip: ONE_CLIENT,
      }),
    );
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(600);
    const res = await call(stop.POST, {
      body: { panel_user_id: 999999, stop_token: "not-a-token" },
      ip: ANOTHER_CLIENT,
    });
    expect(res.status).not.toBe(429);
  });

  it("reset requests that four clients' own limits refused, then another client's goes through", async () => {
    // Fifty from each client (its junk budget), of which its own limit lets ten through: two
    // hundred requests, the ceiling's size, but only forty of them may count toward it.
    const statuses: number[] = [];
    for (const client of ["198.51.100.31", "198.51.100.32", "198.51.100.33", "198.51.100.34"]) {
      statuses.push(
        ...(await statusesOf(50, (i) =>
          call(forgot.POST, { body: { email: `reset${client}-${i}@example.org` }, ip: client }),
        )),
      );
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(40);
    expect(statuses.filter((s) => s === 429)).toHaveLength(160);
    const res = await call(forgot.POST, {
      body: { email: "honest.person@example.org" },
      ip: ANOTHER_CLIENT,
    });
    expect(res.status).toBe(200);
  });

  it("one mail provider's server unsubscribes a hundred members: none is refused", async () => {
    const statuses = await statusesOf(100, (i) =>
      call(unsubscribe.POST, {
        path: `/api/panel_user/unsubscribe?panel_user_id=${900000 + i}&stop_token=not-a-token`,
        rawBody: "List-Unsubscribe=One-Click",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        origin: null,
        ip: ONE_CLIENT,
      }),
    );
    expect(statuses.filter((s) => s === 429)).toEqual([]);
  });
});
