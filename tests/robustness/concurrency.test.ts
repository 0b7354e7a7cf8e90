import { inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as sendRoute } from "@/app/api/panel_message/[id]/send/route";
import { POST as signUpRoute } from "@/app/api/panel_user/route";
import { POST as submitRoute } from "@/app/api/survey/[surveyUuid]/submit/route";
import { getDb } from "@/db/client";
import { panelUsers, surveyResponses } from "@/db/schema";
import { call, type CallResult } from "../support/http";
import { staffWithSession } from "../support/staff";
import {
  deliveriesOf,
  deliveryDone,
  draft,
  insertMembers,
  messageRow,
  waitFor,
} from "../support/mailings";
import { insertStudyWithSurvey, validAnswers } from "../support/survey";

/**
 * Many requests at the same moment, as a mail-out to the whole panel brings: every one is
 * answered (success or a documented refusal, never a 500), and what is stored is exactly what
 * the successful answers promised.
 */

function clientAddress(n: number): string {
  return `203.0.${Math.floor(n / 250) % 250}.${n % 250}`;
}

function expectNoServerError(results: CallResult[]): void {
  const failures = results.filter((r) => r.status >= 500).map((r) => r.text);
  expect(failures).toEqual([]);
}

describe("parallel survey submissions", () => {
  it("stores 500 submissions sent at once as 500 rows with 500 distinct tokens", async () => {
    const { studyId, surveyUuid } = await insertStudyWithSurvey();
    const results = await Promise.all(
      Array.from({ length: 500 }, (_, n) =>
        call<{ token: string }>(submitRoute, {
          path: `/api/survey/${surveyUuid}/submit`,
          params: { surveyUuid },
          body: { answers: validAnswers() },
          ip: clientAddress(n),
        }),
      ),
    );
    expectNoServerError(results);
    expect(results.filter((r) => r.status !== 200).map((r) => r.text)).toEqual([]);
    const tokens = new Set(results.map((r) => r.body.token));
    expect(tokens.size).toBe(500);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const db = await getDb();
    const rows = await db
      .select({ tokenHash: surveyResponses.tokenHash })
      .from(surveyResponses)
      .where(sql`${surveyResponses.studyId} = ${studyId}`);
    expect(rows).toHaveLength(500);
    expect(new Set(rows.map((r) => r.tokenHash)).size).toBe(500);
  });
});

describe("parallel sign-ups", () => {
  it("makes 200 sign-ups of 20 addresses at once into exactly 20 members", async () => {
    const addresses = Array.from({ length: 20 }, (_, n) => `same-moment-${n}@example.org`);
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, n) =>
        call(signUpRoute, {
          path: "/api/panel_user",
          body: { email: addresses[n % 20] },
          ip: clientAddress(1000 + n),
        }),
      ),
    );
    expectNoServerError(results);
    // Each address answers the same as any other (no "already a member"); repeats beyond the
    // per-address limit are refused with 429 code 23.
    for (const r of results) {
      if (r.status === 200) expect(r.body).toEqual({});
      else {
        expect(r.status).toBe(429);
        expect(r.body.error.code).toBe(23);
      }
    }
    const db = await getDb();
    const members = await db
      .select({ email: panelUsers.email })
      .from(panelUsers)
      .where(inArray(panelUsers.email, addresses));
    expect(members.map((m) => m.email).sort()).toEqual([...addresses].sort());
  });
});

describe("simultaneous sends of one message", () => {
  let adminCookie = "";
  let staffCookie = "";
  beforeAll(async () => {
    adminCookie = (await staffWithSession({ admin: true })).cookie;
    staffCookie = (await staffWithSession()).cookie;
    await insertMembers(30);
  });

  it("queues it once: one send succeeds, the other answers 409 code 18", async () => {
    const message = await draft(staffCookie, { subject: "Tegelijk" });
    const send = () =>
      call(sendRoute, {
        path: `/api/panel_message/${message.id}/send`,
        params: { id: String(message.id) },
        method: "POST",
        body: {},
        cookie: adminCookie,
      });
    const results = await Promise.all([send(), send()]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.error.code).toBe(18);
    const deliveries = await deliveriesOf(message.id);
    expect(deliveries).toHaveLength(30);
    expect(new Set(deliveries.map((d) => d.panelUserId)).size).toBe(30);
    expect((await messageRow(message.id)).recipientsTotal).toBe(30);
    await waitFor(deliveryDone, 30_000, "deliveries to finish");
  });
});
