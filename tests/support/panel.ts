import { eq, isNotNull } from "drizzle-orm";
import { POST as signUpRoute } from "@/app/api/panel_user/route";
import { getDb } from "@/db/client";
import { panelMemberMails, panelUsers, type PanelUser } from "@/db/schema";
import { memoryOutbox, type StoredMail } from "@/lib/mail/transports/memory";
import { newStopNonce } from "@/lib/panel/tokens";
import { call } from "./http";

let ipCounter = 0;

/** A different client address per call, so tests that are not about rate limits never hit them. */
export function nextIp(): string {
  ipCounter += 1;
  return `198.51.100.${ipCounter % 250}`;
}

/**
 * POST /api/panel_user, then waits for the mail the sign-up sends after answering (as a browser
 * would wait for it in a mailbox), so the test reads it from the transport.
 */
export async function signUp(email: string, o: { locale?: string; ip?: string } = {}) {
  const res = await call(signUpRoute, {
    path: "/api/panel_user",
    body: { email },
    ip: o.ip ?? nextIp(),
    headers: o.locale ? { cookie: `NEXT_LOCALE=${o.locale}` } : undefined,
  });
  await signupMailsSettled();
  return res;
}

/**
 * Waits until no sign-up mail is held by a sender (the request that wrote it sends it once it
 * has answered): each has been sent (row gone) or has failed (row waiting for its retry).
 */
export async function signupMailsSettled(timeoutMs = 10_000): Promise<void> {
  const db = await getDb();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const held = await db
      .select({ id: panelMemberMails.id })
      .from(panelMemberMails)
      .where(isNotNull(panelMemberMails.lockedUntil))
      .limit(1);
    if (held.length === 0) return;
    if (Date.now() > deadline) throw new Error("a sign-up mail is still being sent");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export async function memberByEmail(email: string): Promise<PanelUser | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(panelUsers).where(eq(panelUsers.email, email));
  return row;
}

export async function insertMember(
  values: Partial<typeof panelUsers.$inferInsert> & { email: string },
): Promise<PanelUser> {
  const db = await getDb();
  const [row] = await db
    .insert(panelUsers)
    .values({ stopNonce: newStopNonce(), ...values })
    .returning();
  return row;
}

/** Every sign-up mail waiting for a retry is due now, as if its backoff had passed. */
export async function makeSignupMailsDue(): Promise<void> {
  const db = await getDb();
  await db
    .update(panelMemberMails)
    .set({ nextAttemptAt: new Date(Date.now() - 1000), lockedUntil: null });
}

/** The last mail the memory transport took for `to`. */
export function lastMailTo(to: string): StoredMail {
  const mail = memoryOutbox()
    .filter((m) => m.to === to)
    .at(-1);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

/** The href values of a mail's HTML part, with entities decoded. */
export function linksIn(html: string): string[] {
  return [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, "&"));
}

/** The parameters of the mail's link to `path`, read from its fragment (where tokens travel). */
export function linkQuery(mail: { html: string }, path: string): URLSearchParams {
  const link = linksIn(mail.html).find((l) => new URL(l).pathname === path);
  if (!link) throw new Error(`no ${path} link in the mail`);
  return new URLSearchParams(new URL(link).hash.slice(1));
}

export function verificationParams(mail: { html: string }) {
  const q = linkQuery(mail, "/verify-email");
  return {
    panel_user_id: q.get("panel_user_id")!,
    verification_token: q.get("verification_token")!,
  };
}

export function stopParams(mail: { html: string }) {
  const q = linkQuery(mail, "/stop-participation");
  return { panel_user_id: q.get("panel_user_id")!, stop_token: q.get("stop_token")! };
}
