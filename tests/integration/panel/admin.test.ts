import { sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DELETE as deleteRoute } from "@/app/api/panel_user/[id]/route";
import { POST as resendRoute } from "@/app/api/panel_user/[id]/resend_verification_email/route";
import { GET as listRoute } from "@/app/api/panel_user/route";
import { POST as verifyRoute } from "@/app/api/panel_user/verify_email/route";
import { getDb } from "@/db/client";
import { panelUsers } from "@/db/schema";
import { clearMemoryOutbox, memoryOutbox } from "@/lib/mail/transports/memory";
import type { PanelUserList } from "@/lib/panel/schemas.shared";
import { call } from "../../support/http";
import { staffWithSession } from "../../support/staff";
import {
  insertMember,
  lastMailTo,
  memberByEmail,
  nextIp,
  signUp,
  verificationParams,
} from "../../support/panel";

let admin: string;
let staff: string;

beforeAll(async () => {
  admin = (await staffWithSession({ admin: true })).cookie;
  staff = (await staffWithSession()).cookie;
});
beforeEach(() => clearMemoryOutbox());

function list(query: string, cookie: string | null = staff) {
  return call<PanelUserList>(listRoute, {
    path: `/api/panel_user${query}`,
    cookie: cookie ?? undefined,
  });
}

async function allIds(): Promise<number[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: panelUsers.id })
    .from(panelUsers)
    .orderBy(sql`id desc`);
  return rows.map((r) => r.id);
}

describe("GET /api/panel_user", () => {
  it("lists members newest first with totals, ten per page by default", async () => {
    const created = [];
    for (let i = 0; i < 23; i++) {
      created.push(
        await insertMember({
          email: `list${String(i).padStart(2, "0")}@example.org`,
          isVerified: i % 3 === 0,
        }),
      );
    }
    const res = await list("");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const total = (await allIds()).length;
    expect(res.body.meta).toEqual({
      total_items: total,
      total_pages: Math.ceil(total / 10),
      page: 1,
      per_page: 10,
    });
    expect(res.body.items).toHaveLength(10);
    const newest = created.at(-1)!;
    expect(res.body.items[0]).toEqual({
      id: newest.id,
      email: newest.email,
      is_verified: newest.isVerified,
      created_at: Math.floor(newest.createdAt.getTime() / 1000),
      delivery_status: "ok",
      bounce_kind: null,
    });
    expect(Object.keys(res.body.items[0]).sort()).toEqual([
      "bounce_kind",
      "created_at",
      "delivery_status",
      "email",
      "id",
      "is_verified",
    ]);
  });

  it("pages through every member exactly once, in order", async () => {
    // Its own members, so it pages through something when it runs alone.
    for (let i = 0; i < 25; i++)
      await insertMember({ email: `page${i}-${Date.now()}@example.org` });
    const expected = await allIds();
    expect(expected.length).toBeGreaterThanOrEqual(25);
    for (const perPage of [1, 3, 7, 10, 100]) {
      const seen: number[] = [];
      const pages = Math.ceil(expected.length / perPage);
      for (let page = 1; page <= pages; page++) {
        const res = await list(`?page=${page}&per_page=${perPage}`);
        expect(res.status).toBe(200);
        expect(res.body.meta).toMatchObject({ page, per_page: perPage, total_pages: pages });
        expect(res.body.items.length).toBe(
          page < pages ? perPage : expected.length - perPage * (pages - 1),
        );
        seen.push(...res.body.items.map((m) => m.id));
      }
      expect(seen, `per_page ${perPage}`).toEqual(expected);
    }
  });

  it("answers an empty page with the right totals past the end", async () => {
    const total = (await allIds()).length;
    for (const page of [Math.ceil(total / 10) + 1, 999_999]) {
      const res = await list(`?page=${page}&per_page=10`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        items: [],
        meta: { total_items: total, total_pages: Math.ceil(total / 10), page, per_page: 10 },
      });
    }
  });

  it("refuses page 0, a negative page, per_page 0 and per_page above 100 with code 22", async () => {
    for (const query of [
      "?page=0",
      "?page=-1",
      "?page=abc",
      "?per_page=0",
      "?per_page=1000",
      "?per_page=101",
      "?page=1.5",
    ]) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({ error: { code: 22 } });
    }
    expect((await list("?per_page=100")).status).toBe(200);
  });

  it("is for signed-in staff only", async () => {
    const res = await list("", null);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: { code: 25 } });
    expect((await list("", "session=not-a-real-token")).status).toBe(401);
  });
});

describe("DELETE /api/panel_user/{id}", () => {
  it("lets an admin remove a member for real", async () => {
    const member = await insertMember({ email: "removed-by-admin@example.org", isVerified: true });
    const before = await list("");
    const res = await call(deleteRoute, {
      method: "DELETE",
      path: `/api/panel_user/${member.id}`,
      params: { id: String(member.id) },
      cookie: admin,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect(await memberByEmail("removed-by-admin@example.org")).toBeUndefined();
    const after = await list("");
    expect(after.body.meta.total_items).toBe(before.body.meta.total_items - 1);
  });

  it("refuses other staff with 403 code 8, and strangers with 401 code 25", async () => {
    const member = await insertMember({ email: "kept@example.org" });
    const asStaff = await call(deleteRoute, {
      method: "DELETE",
      path: `/api/panel_user/${member.id}`,
      params: { id: String(member.id) },
      cookie: staff,
    });
    expect(asStaff.status).toBe(403);
    expect(asStaff.body).toEqual({ error: { code: 8, message: "This requires an admin" } });
    const anonymous = await call(deleteRoute, {
      method: "DELETE",
      path: `/api/panel_user/${member.id}`,
      params: { id: String(member.id) },
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe(25);
    expect(await memberByEmail("kept@example.org")).toBeDefined();
  });

  it("answers 404 code 14 for an unknown member and 400 code 22 for a malformed id", async () => {
    const unknown = await call(deleteRoute, {
      method: "DELETE",
      path: "/api/panel_user/999999",
      params: { id: "999999" },
      cookie: admin,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe(14);
    const malformed = await call(deleteRoute, {
      method: "DELETE",
      path: "/api/panel_user/abc",
      params: { id: "abc" },
      cookie: admin,
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe(22);
  });
});

describe("POST /api/panel_user/{id}/resend_verification_email", () => {
  function resend(id: number | string, cookie: string | null = staff) {
    return call(resendRoute, {
      method: "POST",
      path: `/api/panel_user/${id}/resend_verification_email`,
      body: {},
      params: { id: String(id) },
      cookie: cookie ?? undefined,
    });
  }

  it("mails a pending member a fresh link; the previous one stops working", async () => {
    await signUp("resend-me@example.org", { locale: "en" });
    const old = verificationParams(lastMailTo("resend-me@example.org"));
    const member = (await memberByEmail("resend-me@example.org"))!;
    clearMemoryOutbox();

    const res = await resend(member.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect(memoryOutbox()).toHaveLength(1);
    const mail = lastMailTo("resend-me@example.org");
    expect(mail.subject).toBe("Confirm your sign-up for the research panel");
    const fresh = verificationParams(mail);
    expect(fresh.verification_token).not.toBe(old.verification_token);

    const verify = (body: unknown) =>
      call(verifyRoute, { path: "/api/panel_user/verify_email", body, ip: nextIp() });
    expect((await verify(old)).body.error.code).toBe(7);
    expect((await verify(fresh)).status).toBe(200);
  });

  it("refuses a confirmed member with 409 code 22 and sends nothing", async () => {
    const member = await insertMember({ email: "already-confirmed@example.org", isVerified: true });
    const res = await resend(member.id);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: {
        code: 22,
        message: "This panel member has already verified their email address",
        fields: { id: "verified" },
      },
    });
    expect(memoryOutbox()).toHaveLength(0);
  });

  it("refuses a member whose address bounced with 409 code 22, sends nothing and keeps the link", async () => {
    const member = await insertMember({
      email: "bounced-unconfirmed@example.org",
      deliveryStatus: "bounced",
      bounceKind: "permanent",
      bouncedAt: new Date(),
      verificationHash: "kept-hash",
    });
    const res = await resend(member.id);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: {
        code: 22,
        message: "Mail to this address bounced; allow mail to it again first, then resend",
        fields: { id: "bounced" },
      },
    });
    expect(memoryOutbox()).toHaveLength(0);
    expect((await memberByEmail("bounced-unconfirmed@example.org"))!.verificationHash).toBe(
      "kept-hash",
    );
  });

  it("answers 404 code 14 for an unknown member and 401 code 25 without a session", async () => {
    const unknown = await resend(999_999);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe(14);
    const member = await insertMember({ email: "resend-anon@example.org" });
    const anonymous = await resend(member.id, null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe(25);
    expect(memoryOutbox()).toHaveLength(0);
  });
});
