import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { POST as stopRoute } from "@/app/api/panel_user/stop_participation/route";
import {
  GET as unsubscribeGet,
  POST as unsubscribeRoute,
} from "@/app/api/panel_user/unsubscribe/route";
import { POST as verifyRoute } from "@/app/api/panel_user/verify_email/route";
import { getDb } from "@/db/client";
import { panelMessageDeliveries, panelMessages } from "@/db/schema";
import { clearMemoryOutbox } from "@/lib/mail/transports/memory";
import { placesHolding } from "../../support/db-scan";
import { call } from "../../support/http";
import {
  insertMember,
  lastMailTo,
  memberByEmail,
  nextIp,
  signUp,
  stopParams,
  verificationParams,
} from "../../support/panel";

beforeEach(() => clearMemoryOutbox());

function stop(body: unknown, ip = nextIp()) {
  return call(stopRoute, { path: "/api/panel_user/stop_participation", body, ip });
}

function oneClick(
  query: Record<string, string>,
  o: { body?: string; type?: string; origin?: string | null } = {},
) {
  return call(unsubscribeRoute, {
    path: `/api/panel_user/unsubscribe?${new URLSearchParams(query).toString()}`,
    method: "POST",
    rawBody: o.body ?? "List-Unsubscribe=One-Click",
    headers: { "content-type": o.type ?? "application/x-www-form-urlencoded" },
    origin: o.origin === undefined ? null : o.origin,
    ip: nextIp(),
  });
}

describe("POST /api/panel_user/stop_participation", () => {
  it("deletes the member with the stop link of the verification mail", async () => {
    await signUp("leaver@example.org");
    const params = stopParams(lastMailTo("leaver@example.org"));
    const res = await stop(params);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect(await memberByEmail("leaver@example.org")).toBeUndefined();
    // The link was single-use by nature: the member is gone.
    const again = await stop(params);
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe(15);
  });

  it("accepts the stop link of any earlier mail until the member leaves", async () => {
    await signUp("many-mails@example.org");
    const first = lastMailTo("many-mails@example.org");
    await call(verifyRoute, {
      path: "/api/panel_user/verify_email",
      body: verificationParams(first),
      ip: nextIp(),
    });
    await signUp("many-mails@example.org");
    const latest = lastMailTo("many-mails@example.org");
    expect(latest.subject).toBe("Je bent al aangemeld voor het onderzoekspanel");
    expect(stopParams(latest)).toEqual(stopParams(first));
    expect(await memberByEmail("many-mails@example.org")).toBeDefined();
    expect((await stop(stopParams(first))).status).toBe(200);
    expect(await memberByEmail("many-mails@example.org")).toBeUndefined();
  });

  it("refuses a wrong token or an unknown member with code 15 and keeps the member", async () => {
    await signUp("stayer@example.org");
    const params = stopParams(lastMailTo("stayer@example.org"));
    const wrong = await stop({ ...params, stop_token: "0".repeat(64) });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      error: {
        code: 15,
        message: "Could not stop participation with this token; use the link in the latest email",
      },
    });
    const otherMember = await insertMember({ email: "other@example.org" });
    const swapped = await stop({ ...params, panel_user_id: otherMember.id });
    expect(swapped.body.error.code).toBe(15);
    const unknown = await stop({ ...params, panel_user_id: 987_654 });
    expect(unknown.body.error.code).toBe(15);
    expect(await memberByEmail("stayer@example.org")).toBeDefined();
    expect(await memberByEmail("other@example.org")).toBeDefined();

    const malformed = await stop({ panel_user_id: "x", stop_token: params.stop_token });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe(22);
  });

  it("leaves no trace of the address in any table, while deliveries keep their counts", async () => {
    const email = "trace.me@example.org";
    await signUp(email);
    const mail = lastMailTo(email);
    await call(verifyRoute, {
      path: "/api/panel_user/verify_email",
      body: verificationParams(mail),
      ip: nextIp(),
    });
    const member = (await memberByEmail(email))!;
    const db = await getDb();
    const [message] = await db
      .insert(panelMessages)
      .values({ subject: "Nieuw onderzoek" })
      .returning();
    await db.insert(panelMessageDeliveries).values({
      messageId: message.id,
      panelUserId: member.id,
      status: "failed",
      attempts: 3,
      lastError: `Resend: validation_error: invalid recipient ${email}`,
    });
    // The scan sees the address while the member is there (so it can fail)...
    expect(await placesHolding(email)).toEqual(
      expect.arrayContaining(["panel_users.email", "panel_message_deliveries.last_error"]),
    );

    expect((await stop(stopParams(mail))).status).toBe(200);

    // ...and nowhere afterwards, not even in rate-limit keys or the delivery's error.
    expect(await placesHolding(email)).toEqual([]);
    expect(await placesHolding("trace.me")).toEqual([]);
    const deliveries = await db
      .select()
      .from(panelMessageDeliveries)
      .where(eq(panelMessageDeliveries.messageId, message.id));
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ panelUserId: null, status: "failed", lastError: null });
  });
});

describe("POST /api/panel_user/unsubscribe (RFC 8058 one-click)", () => {
  it("removes the member from the List-Unsubscribe target without an Origin", async () => {
    await signUp("one-click@example.org");
    const mail = lastMailTo("one-click@example.org");
    const target = mail.headers!["List-Unsubscribe"].slice(1, -1);
    const url = new URL(target);
    expect(url.pathname).toBe("/api/panel_user/unsubscribe");
    const res = await oneClick(Object.fromEntries(url.searchParams));
    expect(res.status).toBe(200);
    expect(await memberByEmail("one-click@example.org")).toBeUndefined();
  });

  it("takes the one-click body as multipart form data too, from any origin", async () => {
    await signUp("multipart@example.org");
    const query = stopParams(lastMailTo("multipart@example.org"));
    const form = new FormData();
    form.set("List-Unsubscribe", "One-Click");
    const res = await call(unsubscribeRoute, {
      path: `/api/panel_user/unsubscribe?${new URLSearchParams(query).toString()}`,
      method: "POST",
      rawBody: form,
      origin: "https://mail.example.net",
      ip: nextIp(),
    });
    expect(res.status).toBe(200);
    expect(await memberByEmail("multipart@example.org")).toBeUndefined();
  });

  it("refuses a missing one-click body (22) and a wrong token (15)", async () => {
    await signUp("one-click-bad@example.org");
    const query = stopParams(lastMailTo("one-click-bad@example.org"));
    const noBody = await oneClick(query, { body: "" });
    expect(noBody.status).toBe(400);
    expect(noBody.body.error.code).toBe(22);
    const otherValue = await oneClick(query, { body: "List-Unsubscribe=Yes" });
    expect(otherValue.body.error.code).toBe(22);
    const wrongToken = await oneClick({ ...query, stop_token: "f".repeat(64) });
    expect(wrongToken.status).toBe(400);
    expect(wrongToken.body.error.code).toBe(15);
    const noQuery = await oneClick({});
    expect(noQuery.body.error.code).toBe(22);
    expect(await memberByEmail("one-click-bad@example.org")).toBeDefined();
  });

  it("lets the member's own token through after a flood of made-up ones for their id", async () => {
    await signUp("targeted@example.org");
    const query = stopParams(lastMailTo("targeted@example.org"));
    // Anyone can read the id off a pattern of ids and send wrong tokens for it.
    const guesses = await Promise.all(
      Array.from({ length: 31 }, (_, i) =>
        oneClick({ ...query, stop_token: i.toString(16).padStart(64, "0") }),
      ),
    );
    const codes = guesses.map((r) => r.body.error.code);
    expect(codes.filter((code) => code === 15)).toHaveLength(30);
    expect(codes.filter((code) => code === 23)).toHaveLength(1);
    const own = await oneClick(query);
    expect(own.status).toBe(200);
    expect(await memberByEmail("targeted@example.org")).toBeUndefined();
  });

  it("sends a browser GET to the stop page without removing anyone", async () => {
    await signUp("one-click-get@example.org");
    const query = stopParams(lastMailTo("one-click-get@example.org"));
    const res = await call(unsubscribeGet, {
      path: `/api/panel_user/unsubscribe?${new URLSearchParams(query).toString()}`,
    });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get("location")!);
    expect(location.pathname).toBe("/stop-participation");
    // The token moves to the fragment: the browser keeps it, no server or proxy log sees it.
    expect(location.search).toBe("");
    expect(Object.fromEntries(new URLSearchParams(location.hash.slice(1)))).toEqual(query);
    expect(await memberByEmail("one-click-get@example.org")).toBeDefined();
  });

  it("redirects a GET without parameters to the bare stop page", async () => {
    const res = await call(unsubscribeGet, { path: "/api/panel_user/unsubscribe" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("http://localhost:3000/stop-participation");
  });
});
