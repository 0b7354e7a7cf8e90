import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as clearRoute } from "@/app/api/panel_user/[id]/clear_bounce/route";
import { GET as listRoute } from "@/app/api/panel_user/route";
import { POST as searchRoute } from "@/app/api/panel_user/search/route";
import { POST as verifyRoute } from "@/app/api/panel_user/verify_email/route";
import { installMailTransport } from "@/lib/mail";
import type { PanelUserList } from "@/lib/panel/schemas.shared";
import { startFakeResend, type FakeResend } from "../../support/fake-resend";
import { call } from "../../support/http";
import { auditRowsOf, useFakeProvider } from "../../support/mailings";
import { retryMemberMails } from "@/lib/panel/member-mail-retry";
import {
  insertMember,
  makeSignupMailsDue,
  memberByEmail,
  nextIp,
  signUp,
  verificationParams,
} from "../../support/panel";
import { bounce, postEvent } from "../../support/provider-events";
import { snapshotTables } from "../../support/robustness/snapshot";
import { staffWithSession } from "../../support/staff";

let fake: FakeResend;
let staff: string;

beforeAll(async () => {
  fake = await startFakeResend();
  useFakeProvider(fake);
  staff = (await staffWithSession()).cookie;
});
afterAll(async () => {
  installMailTransport(undefined);
  await fake.close();
});
beforeEach(() => fake.reset());

/** A verified member whom the provider then reported as bouncing (and put on its list). */
async function bouncedMember(email: string) {
  const member = await insertMember({ email, isVerified: true, verifiedAt: new Date() });
  expect((await postEvent(bounce(email, { subType: "General" }))).status).toBe(200);
  fake.suppressions.add(email);
  return member;
}

function clear(id: number | string, cookie = staff) {
  return call(clearRoute, {
    path: `/api/panel_user/${id}/clear_bounce`,
    params: { id: String(id) },
    body: {},
    cookie,
  });
}

function list(query: string) {
  return call<PanelUserList>(listRoute, { path: `/api/panel_user?${query}`, cookie: staff });
}

describe("clearing a bounce: POST /api/panel_user/{id}/clear_bounce", () => {
  it("lifts the provider's suppression, then clears the member, and answers the member", async () => {
    const member = await bouncedMember("clear-me@example.org");
    const res = await clear(member.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: member.id,
      email: "clear-me@example.org",
      delivery_status: "ok",
      bounce_kind: null,
    });
    expect(fake.suppressions.has("clear-me@example.org")).toBe(false);
    const lifts = fake.requests.filter((r) => r.method === "DELETE");
    expect(lifts.map((r) => r.path)).toEqual(["/suppressions/clear-me%40example.org"]);
    expect(await memberByEmail("clear-me@example.org")).toMatchObject({ deliveryStatus: "ok" });
    expect(await auditRowsOf("member_bounce_cleared", member.id)).toHaveLength(1);
    // Cleared again: nothing changes, nothing more is written.
    expect((await clear(member.id)).status).toBe(200);
    expect(await auditRowsOf("member_bounce_cleared", member.id)).toHaveLength(1);
  });

  it("answers a member who is not bounced unchanged, without asking the provider", async () => {
    const member = await insertMember({ email: "never-bounced@example.org", isVerified: true });
    const res = await clear(member.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: member.id, delivery_status: "ok" });
    expect(fake.requests).toEqual([]);
  });

  it("changes nothing when the provider cannot be reached (503 code 13), and 404 for nobody", async () => {
    const member = await bouncedMember("provider-down@example.org");
    fake.failNext({ status: 500 });
    const before = await snapshotTables();
    const res = await clear(member.id);
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe(13);
    expect(await snapshotTables()).toEqual(before);
    expect((await clear(999_999)).status).toBe(404);
  });

  it("needs a session", async () => {
    const member = await bouncedMember("no-session@example.org");
    const res = await call(clearRoute, {
      path: `/api/panel_user/${member.id}/clear_bounce`,
      params: { id: String(member.id) },
      body: {},
    });
    expect(res.status).toBe(401);
    expect(await memberByEmail("no-session@example.org")).toMatchObject({
      deliveryStatus: "bounced",
    });
  });
});

describe("a bounced member signing up again", () => {
  it("gets the suppression lifted and a verification mail; confirming it clears the bounce", async () => {
    await bouncedMember("comes-back@example.org");
    expect((await signUp("comes-back@example.org")).status).toBe(200);
    // Lifted before the mail, or the provider would have suppressed the mail too.
    const order = fake.requests.map((r) => `${r.method} ${r.path}`);
    expect(order).toEqual(["DELETE /suppressions/comes-back%40example.org", "POST /emails"]);
    const mail = fake.delivered.find((m) => m.to.includes("comes-back@example.org"))!;
    expect(mail.html).toContain("/verify-email");
    expect(await memberByEmail("comes-back@example.org")).toMatchObject({
      deliveryStatus: "bounced",
    });

    const params = verificationParams({ html: mail.html! });
    const verified = await call(verifyRoute, {
      path: "/api/panel_user/verify_email",
      body: params,
      ip: nextIp(),
    });
    expect(verified.status).toBe(200);
    expect(await memberByEmail("comes-back@example.org")).toMatchObject({
      isVerified: true,
      deliveryStatus: "ok",
      bounceKind: null,
    });
  });

  it("gets no mail while the suppression cannot be lifted, and gets it from the retry once it can", async () => {
    await bouncedMember("lift-fails@example.org");
    // The provider's suppression list cannot be changed just now; sending still works.
    fake.failNext({ status: 500, name: "internal_server_error" }, 5);
    expect((await signUp("lift-fails@example.org")).status).toBe(200);
    // Sent now, the mail would be taken and then dropped; the member, already marked bounced,
    // would never hear of it. It waits for its retry instead.
    expect(fake.requests.filter((r) => r.path === "/emails")).toEqual([]);
    expect(fake.delivered).toEqual([]);

    fake.reset();
    await makeSignupMailsDue();
    expect(await retryMemberMails({ deadlineMs: 5_000 })).toMatchObject({ sent: 1 });
    expect(fake.suppressions.has("lift-fails@example.org")).toBe(false);
    expect(fake.delivered.map((m) => m.to[0])).toEqual(["lift-fails@example.org"]);
  });

  it("a link sent before the bounce does not clear it", async () => {
    const email = "old-link@example.org";
    await signUp(email);
    const mail = fake.delivered.find((m) => m.to.includes(email))!;
    const params = verificationParams({ html: mail.html! });
    expect(
      (await call(verifyRoute, { path: "/api/panel_user/verify_email", body: params })).status,
    ).toBe(200);
    expect((await postEvent(bounce(email))).status).toBe(200);
    const again = await call(verifyRoute, { path: "/api/panel_user/verify_email", body: params });
    expect(again.status).toBe(200);
    expect(await memberByEmail(email)).toMatchObject({ deliveryStatus: "bounced" });
  });
});

describe("finding members", () => {
  it("filters by verified, unverified and bounced, three groups that never overlap", async () => {
    await insertMember({ email: "filter-verified@example.org", isVerified: true });
    await insertMember({ email: "filter-unverified@example.org", isVerified: false });
    await bouncedMember("filter-bounced@example.org");
    const all = (await list("per_page=100")).body;
    const groups = await Promise.all(
      ["verified", "unverified", "bounced"].map(async (status) => {
        const res = await list(`per_page=100&status=${status}`);
        expect(res.status).toBe(200);
        return res.body;
      }),
    );
    const [verified, unverified, bounced] = groups.map((g) => g.items.map((m) => m.email));
    expect(verified).toContain("filter-verified@example.org");
    expect(unverified).toContain("filter-unverified@example.org");
    expect(bounced).toContain("filter-bounced@example.org");
    expect(verified).not.toContain("filter-bounced@example.org");
    expect(groups.reduce((n, g) => n + g.meta.total_items, 0)).toBe(all.meta.total_items);
    for (const g of groups) expect(g.meta.total_items).toBe(g.items.length);
    const shown = groups[2].items.find((m) => m.email === "filter-bounced@example.org");
    expect(shown).toMatchObject({ delivery_status: "bounced", bounce_kind: "General" });
    expect((await list("status=everyone")).status).toBe(400);
  });

  it("searches by exact address, trimmed and lower-cased, in the list's shape", async () => {
    const member = await insertMember({ email: "find-me@example.org", isVerified: true });
    const search = (email: unknown) =>
      call(searchRoute, {
        path: "/api/panel_user/search",
        body: { email },
        cookie: staff,
      });
    const found = await search("  Find-Me@Example.ORG ");
    expect(found.status).toBe(200);
    expect(found.body).toEqual({
      items: [
        {
          id: member.id,
          email: "find-me@example.org",
          is_verified: true,
          created_at: Math.floor(member.createdAt.getTime() / 1000),
          delivery_status: "ok",
          bounce_kind: null,
        },
      ],
      meta: { total_items: 1, total_pages: 1, page: 1, per_page: 10 },
    });
    for (const partial of ["find-me", "find-me@example", "%@example.org", "find_me@example.org"]) {
      const res = await search(partial);
      expect(res.status).toBe(200);
      expect(res.body.items).toEqual([]);
      expect(res.body.meta.total_items).toBe(0);
    }
    for (const bad of ["", "   ", "x".repeat(255), 42]) {
      const res = await search(bad);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe(22);
    }
    const anonymous = await call(searchRoute, {
      path: "/api/panel_user/search",
      body: { email: "find-me@example.org" },
    });
    expect(anonymous.status).toBe(401);
  });
});
