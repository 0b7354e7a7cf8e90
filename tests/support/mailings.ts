import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { GET as itemRoute, PUT as updateRoute } from "@/app/api/panel_message/[id]/route";
import { POST as createRoute } from "@/app/api/panel_message/route";
import { getDb } from "@/db/client";
import {
  auditLog,
  panelMessageBatches,
  panelMessageDeliveries,
  panelMessages,
  panelUsers,
  type PanelMessage,
} from "@/db/schema";
import { installMailTransport } from "@/lib/mail";
import { createResendTransport } from "@/lib/mail/transports/resend";
import type { PanelMessageDetailDto, PanelMessageDto } from "@/lib/mailings/schemas.shared";
import { newStopNonce } from "@/lib/panel/tokens";
import { startFakeResend, type FakeResend } from "./fake-resend";
import { call } from "./http";

export const MAIL_FROM = "Onderzoekspanel <panel@example.org>";
export const IMAGE_ID = "0f8fad5b-d9cb-469f-a165-70867728950e";
export const BODY_WITH_IMAGE = `<p>Er is een nieuw onderzoek.</p><p><img src="/api/editor_image/${IMAGE_ID}" alt="logo"></p><p><a href="https://example.org/lees">Lees meer</a></p>`;

let tagCounter = 0;

/**
 * Inserts `count` members in one statement: verified unless told otherwise, every third one
 * with English as their language. Returns their addresses in id order.
 */
export async function insertMembers(
  count: number,
  o: { verified?: boolean; tag?: string } = {},
): Promise<string[]> {
  const db = await getDb();
  tagCounter += 1;
  const tag = o.tag ?? `m${tagCounter}`;
  const rows = (await db.execute(sql`
    insert into panel_users (email, is_verified, locale, stop_nonce, verified_at)
    select ${tag} || '-' || g || '@example.org', ${o.verified ?? true},
           case when g % 3 = 0 then 'en' else 'nl' end, md5(random()::text || g),
           case when ${o.verified ?? true} then now() end
    from generate_series(1, ${count}) as g
    order by g
    returning email`)) as unknown as { rows?: { email: string }[] } & { email: string }[];
  return (rows.rows ?? rows).map((r) => r.email);
}

/** One member with a known nonce, as the stop-link tests need. */
export async function insertMember(email: string, locale = "nl") {
  const db = await getDb();
  const [row] = await db
    .insert(panelUsers)
    .values({ email, isVerified: true, locale, stopNonce: newStopNonce(), verifiedAt: new Date() })
    .returning();
  return row;
}

/** A draft written through the API, as the screen would. */
export async function draft(
  cookie: string,
  o: { subject?: string; body?: string } = {},
): Promise<PanelMessageDto> {
  const created = await call<PanelMessageDto>(createRoute, {
    path: "/api/panel_message",
    body: o.subject === undefined ? {} : { subject: o.subject },
    cookie,
  });
  if (created.status !== 200) throw new Error(`create answered ${created.status}`);
  const id = String(created.body.id);
  const updated = await call<PanelMessageDto>(updateRoute, {
    method: "PUT",
    path: `/api/panel_message/${id}`,
    params: { id },
    body: { body: o.body ?? BODY_WITH_IMAGE },
    cookie,
  });
  if (updated.status !== 200) throw new Error(`update answered ${updated.status}`);
  return updated.body;
}

export function getMessage(cookie: string, id: number) {
  return call<PanelMessageDetailDto>(itemRoute, {
    path: `/api/panel_message/${id}`,
    params: { id: String(id) },
    cookie,
  });
}

export async function messageRow(id: number): Promise<PanelMessage> {
  const db = await getDb();
  const [row] = await db.select().from(panelMessages).where(eq(panelMessages.id, id));
  return row;
}

export async function deliveriesOf(id: number) {
  const db = await getDb();
  return db
    .select()
    .from(panelMessageDeliveries)
    .where(eq(panelMessageDeliveries.messageId, id))
    .orderBy(panelMessageDeliveries.id);
}

export async function batchesOf(id: number) {
  const db = await getDb();
  return db
    .select()
    .from(panelMessageBatches)
    .where(eq(panelMessageBatches.messageId, id))
    .orderBy(panelMessageBatches.id);
}

/** Polls until `check` holds (or fails after `timeoutMs`). */
export async function waitFor(
  check: () => Promise<boolean>,
  timeoutMs = 20_000,
  what = "condition",
): Promise<void> {
  // A monotonic clock: a test may have stopped Date (tests/support/clock.ts).
  const deadline = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Nothing of any message is pending and every started message is sent. */
export async function deliveryDone(): Promise<boolean> {
  const db = await getDb();
  const rows = (await db.execute(sql`
    select
      (select count(*) from panel_message_deliveries where status = 'pending')::int as pending,
      (select count(*) from panel_messages where communication_status in ('queued', 'sending'))::int as open
  `)) as unknown as { rows?: { pending: number; open: number }[] } & {
    pending: number;
    open: number;
  }[];
  const row = (rows.rows ?? rows)[0];
  return Number(row.pending) === 0 && Number(row.open) === 0;
}

/** The real Resend transport, pointed at the fake provider. */
export function useFakeProvider(fake: FakeResend): void {
  installMailTransport(
    createResendTransport({ apiKey: fake.apiKey, baseUrl: fake.url, from: MAIL_FROM }),
  );
}

/**
 * A fake provider for every test of the calling file: started and installed as the mail
 * transport before them, taken out and closed after. Answers a getter for it.
 */
export function fakeProviderForFile(): () => FakeResend {
  let provider: FakeResend | undefined;
  beforeAll(async () => {
    provider = await startFakeResend();
    useFakeProvider(provider);
  });
  afterAll(async () => {
    installMailTransport(undefined);
    await provider?.close();
  });
  return () => {
    if (!provider) throw new Error("The fake provider starts before the file's tests");
    return provider;
  };
}

/** The href values of a mail's HTML part, with entities decoded. */
export function linksIn(html: string): string[] {
  return [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, "&"));
}

export function imageSources(html: string): string[] {
  return [...html.matchAll(/<img\b[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, "&"));
}

/** The audit rows of `action` about `targetId`, oldest first. */
export async function auditRowsOf(action: string, targetId: number) {
  const db = await getDb();
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)))
    .orderBy(auditLog.id);
}
