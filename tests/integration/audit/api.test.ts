import { beforeAll, describe, expect, it } from "vitest";
import { GET, POST } from "@/app/api/audit_log/route";
import { getDb } from "@/db/client";
import { recordAudit } from "@/lib/audit/record";
import { AUDIT_PAGE_SIZE } from "@/lib/audit/schemas.shared";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { auditCsvResponse, auditCsvStream } from "@/lib/audit/csv";
import { FILE_CSP } from "@/lib/files/file-csp.shared";
import { chainHead, resetAuditChain } from "../../support/audit";
import { call } from "../../support/http";
import { captureLogLines } from "../../support/log-lines";
import { staffWithSession } from "../../support/staff";

const T0 = Date.UTC(2026, 0, 10, 12, 0, 0);
const seconds = (ms: number) => Math.floor(ms / 1000);

const log = captureLogLines();

let admin: Awaited<ReturnType<typeof staffWithSession>>;
let staff: Awaited<ReturnType<typeof staffWithSession>>;

async function list(query = "", cookie = admin.cookie) {
  return call(GET, { path: `/api/audit_log${query}`, cookie });
}

beforeAll(async () => {
  admin = await staffWithSession({ admin: true, email: "admin-audit@example.org" });
  staff = await staffWithSession({ email: "staff-audit@example.org" });
  await resetAuditChain();
  const db = await getDb();
  // 30 rows: ids 1–30, one a minute; every third by the staff member, the rest by the admin.
  for (let i = 1; i <= 30; i++) {
    const byStaff = i % 3 === 0;
    await recordAudit(db, {
      action: byStaff ? "study_created" : "sign_in",
      actor: byStaff ? staff.user : admin.user,
      target: byStaff ? { type: "study", id: i } : { type: "staff", id: admin.user.id },
      details: byStaff ? {} : { two_factor: i % 2 === 0 },
      now: new Date(T0 + i * 60_000 + 250),
    });
  }
  await recordAudit(db, {
    action: "sign_in_failed",
    actor: null,
    details: { step: "password" },
    now: new Date(T0 + 31 * 60_000),
  });
});

describe("GET /api/audit_log", () => {
  it("answers admins only", async () => {
    expect((await list("", "")).body.error.code).toBe(ErrorCode.NOT_SIGNED_IN);
    const notAdmin = await list("", staff.cookie);
    expect(notAdmin.status).toBe(403);
    expect(notAdmin.body.error.code).toBe(ErrorCode.ADMIN_REQUIRED);
    expect(
      (await call(POST, { path: "/api/audit_log", body: {}, cookie: admin.cookie })).status,
    ).toBe(405);
  });

  it("gives a page of rows newest first, with the totals and the chain's head", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.body.meta).toEqual({
      total_items: 31,
      total_pages: 2,
      page: 1,
      per_page: AUDIT_PAGE_SIZE,
    });
    expect(res.body.head).toBe((await chainHead()).lastHash);
    expect(res.body.items).toHaveLength(AUDIT_PAGE_SIZE);
    expect(res.body.items[0]).toEqual({
      id: 31,
      at: seconds(T0 + 31 * 60_000),
      actor: null,
      action: "sign_in_failed",
      target_type: null,
      target_id: null,
      details: { step: "password" },
    });
    expect(res.body.items[1]).toEqual({
      id: 30,
      at: seconds(T0 + 30 * 60_000),
      actor: { id: staff.user.id, email: "staff-audit@example.org" },
      action: "study_created",
      target_type: "study",
      target_id: 30,
      details: {},
    });
    expect(res.body.items[2]).toMatchObject({
      id: 29,
      actor: { id: admin.user.id, email: "admin-audit@example.org" },
      target_type: "staff",
      target_id: admin.user.id,
      details: { two_factor: false },
    });
    const second = await list(`?page=2&per_page=${AUDIT_PAGE_SIZE}`);
    expect(second.body.items.map((i: { id: number }) => i.id)).toEqual([6, 5, 4, 3, 2, 1]);
    const past = await list("?page=9");
    expect(past.body).toMatchObject({ items: [], meta: { total_items: 31, page: 9 } });
  });

  it("filters by action, person and time, together", async () => {
    const ids = async (query: string) =>
      (await list(query)).body.items.map((i: { id: number }) => i.id);
    expect(await ids("?action=study_created&per_page=100")).toEqual([
      30, 27, 24, 21, 18, 15, 12, 9, 6, 3,
    ]);
    expect((await list(`?actor_id=${staff.user.id}`)).body.meta.total_items).toBe(10);
    expect((await list(`?actor_id=${admin.user.id}`)).body.meta.total_items).toBe(20);
    // `from` takes in rows at or after its second, `to` the whole of its second.
    const from = seconds(T0 + 10 * 60_000);
    const to = seconds(T0 + 12 * 60_000);
    expect(await ids(`?from=${from}&to=${to}`)).toEqual([12, 11, 10]);
    expect(await ids(`?from=${from + 1}&to=${to - 1}`)).toEqual([11]);
    expect(await ids(`?from=${from}&to=${from}`)).toEqual([10]);
    expect(await ids(`?from=${seconds(T0 + 29 * 60_000)}`)).toEqual([31, 30, 29]);
    expect(await ids(`?to=${seconds(T0 + 2 * 60_000)}`)).toEqual([2, 1]);
    expect(await ids(`?from=${from}&to=${to}&action=sign_in&actor_id=${admin.user.id}`)).toEqual([
      11, 10,
    ]);
    expect(await ids(`?action=study_deleted`)).toEqual([]);
    expect((await list(`?action=study_deleted`)).body.meta).toEqual({
      total_items: 0,
      total_pages: 0,
      page: 1,
      per_page: AUDIT_PAGE_SIZE,
    });
  });

  it("refuses bad filters with the fields named", async () => {
    const cases: [string, string][] = [
      ["?action=dropped_tables", "action"],
      ["?actor_id=0", "actor_id"],
      ["?actor_id=1e3", "actor_id"],
      ["?from=-5", "from"],
      ["?to=99999999999", "to"],
      ["?from=200&to=100", "to"],
      ["?page=0", "page"],
      ["?per_page=101", "per_page"],
      ["?format=xml", "format"],
      ["?action=sign_in&action=sign_out_everywhere", "action"],
    ];
    for (const [query, field] of cases) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe(ErrorCode.INVALID_INPUT);
      expect(Object.keys(res.body.error.fields), query).toContain(field);
    }
  });
});

describe("GET /api/audit_log?format=csv", () => {
  it("downloads every matching row, newest first, every field quoted", async () => {
    const res = await list("?format=csv&per_page=2");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const lines = res.text.split("\r\n");
    expect(lines[0]).toBe(
      '"id","at","actor_id","actor_email","action","target_type","target_id","details"',
    );
    expect(lines).toHaveLength(1 + 31 + 1);
    expect(lines.at(-1)).toBe("");
    expect(lines[1]).toBe(
      `"31","${new Date(T0 + 31 * 60_000).toISOString()}","","","sign_in_failed","","","{""step"":""password""}"`,
    );
    expect(lines[2]).toBe(
      `"30","${new Date(T0 + 30 * 60_000 + 250).toISOString()}","${staff.user.id}","staff-audit@example.org","study_created","study","30","{}"`,
    );
    expect(lines[31]).toMatch(/^"1",/);
  });

  it("starts with a byte order mark, so that Excel reads UTF-8", async () => {
    const res = await GET(
      new Request("http://localhost:3000/api/audit_log?format=csv&action=study_deleted", {
        headers: { cookie: admin.cookie },
      }),
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0xef, 0xbb, 0xbf, 0x22]);
  });

  it("applies the filters", async () => {
    const res = await list(`?format=csv&actor_id=${staff.user.id}&to=${seconds(T0 + 15 * 60_000)}`);
    const ids = res.text
      .split("\r\n")
      .slice(1, -1)
      .map((l) => l.split(",")[0]);
    expect(ids).toEqual(['"15"', '"12"', '"9"', '"6"', '"3"']);
  });

  it("pages through the log, keeping out rows written after the download began", async () => {
    const { auditCsvStream } = await import("@/lib/audit/csv");
    const stream = auditCsvStream({}, 5, { pageSize: 2 });
    await recordAudit(await getDb(), { action: "password_changed", actor: admin.user });
    const text = await new Response(stream).text();
    expect(
      text
        .split("\r\n")
        .slice(1, -1)
        .map((l) => l.split(",")[0]),
    ).toEqual(['"4"', '"3"', '"2"', '"1"']);
  });
});

describe("the audit CSV file", () => {
  it("is named by the day it was asked for, with a download's headers", async () => {
    const res = await auditCsvResponse({}, new Date("2026-03-04T23:59:59Z"));
    expect(Object.fromEntries(res.headers)).toEqual({
      "content-type": "text/csv; charset=utf-8",
      "content-disposition":
        "attachment; filename=\"audit-log-2026-03-04.csv\"; filename*=UTF-8''audit-log-2026-03-04.csv",
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
      "content-security-policy": FILE_CSP,
    });
    // Every row up to the head: the header line, one line a row and the empty rest.
    const rows = (await chainHead()).lastId;
    expect((await res.text()).split("\r\n")).toHaveLength(1 + rows + 1);
  });

  it("ends the download with an error, and one log line, when a page cannot be read", async () => {
    const stream = auditCsvStream({ from: Number.NaN }, 100);
    await expect(new Response(stream).text()).rejects.toThrow();
    expect(log.lines()).toEqual([
      expect.objectContaining({ level: "error", scope: "audit", step: "csv" }),
    ]);
  });
});
