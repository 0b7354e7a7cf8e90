import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { POST as verifyRoute } from "@/app/api/panel_user/verify_email/route";
import { getDb } from "@/db/client";
import { panelMemberMails, panelUsers } from "@/db/schema";
import { sha256Hex } from "@/lib/crypto/tokens";
import { installMailTransport, MailSendError, type MailTransport } from "@/lib/mail";
import { clearMemoryOutbox, memoryOutbox } from "@/lib/mail/transports/memory";
import { MEMBER_MAIL_MAX_ATTEMPTS } from "@/lib/panel/member-mail-policy";
import { retryMemberMails } from "@/lib/panel/member-mail-retry";
import { sendMemberMail } from "@/lib/panel/member-mails";
import { signUp as writeSignUp } from "@/lib/panel/signup";
import { call } from "../../support/http";
import { captureLogLines } from "../../support/log-lines";
import {
  insertMember,
  lastMailTo,
  makeSignupMailsDue,
  memberByEmail,
  signUp,
  verificationParams,
} from "../../support/panel";

const log = captureLogLines();

function refusing(error: MailSendError): MailTransport {
  return {
    kind: "memory",
    send: async () => {
      throw error;
    },
    sendBatch: async () => {
      throw error;
    },
    liftSuppression: async () => {},
  };
}

async function owedRows() {
  const db = await getDb();
  return db.select().from(panelMemberMails);
}

beforeEach(async () => {
  clearMemoryOutbox();
  const db = await getDb();
  await db.delete(panelMemberMails);
});
afterEach(() => installMailTransport(undefined));

describe("the mails sign-ups owe (panel_member_mails)", () => {
  it("is written with the member, held by the request, and keeps no token in the clear", async () => {
    const job = await writeSignUp("held@example.org", "en");
    const [row] = await owedRows();
    const member = (await memberByEmail("held@example.org"))!;
    expect(row).toMatchObject({ id: job.mailId, panelUserId: member.id, kind: "verification" });
    expect(row.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 60_000);
    expect(row.tokenHash).toBe(member.verificationHash);
    expect(sha256Hex(job.token!)).toBe(row.tokenHash);
    expect(Buffer.from(row.tokenSealed!).toString("latin1")).not.toContain(job.token!);
    // Held: the retry leaves it to the request.
    expect(await retryMemberMails({ deadlineMs: 5_000 })).toMatchObject({ sent: 0, pending: 1 });
    expect(memoryOutbox()).toHaveLength(0);

    expect(await sendMemberMail(job)).toBe("sent");
    expect(await owedRows()).toHaveLength(0);
    expect(lastMailTo("held@example.org").subject).toBe(
      "Confirm your sign-up for the research panel",
    );
  });

  it("is sent by the retry once the lease of a request that never sent it has passed", async () => {
    await writeSignUp("lost-process@example.org", "nl");
    expect(await retryMemberMails({ deadlineMs: 5_000 })).toMatchObject({ sent: 0 });
    await makeSignupMailsDue();
    expect(await retryMemberMails({ deadlineMs: 5_000 })).toMatchObject({ sent: 1, pending: 0 });
    // The token came back out of its sealed copy: the link confirms the member.
    const verified = await call(verifyRoute, {
      path: "/api/panel_user/verify_email",
      body: verificationParams(lastMailTo("lost-process@example.org")),
    });
    expect(verified.status).toBe(200);
  });

  it("keeps one mail per member: a newer sign-up replaces it, and the older link is never sent", async () => {
    const first = await writeSignUp("twice@example.org", "nl");
    const second = await writeSignUp("twice@example.org", "nl");
    expect(second.mailId).toBe(first.mailId);
    const [row] = await owedRows();
    expect(row.tokenHash).toBe(second.tokenHash);
    // The first request sends after the second wrote: its link is dead, so it sends nothing.
    expect(await sendMemberMail(first)).toBe("replaced");
    expect(memoryOutbox()).toHaveLength(0);
    expect(await owedRows()).toHaveLength(1);
    expect(await sendMemberMail(second)).toBe("sent");
    expect(await owedRows()).toHaveLength(0);
    expect(memoryOutbox()).toHaveLength(1);
    const params = verificationParams(lastMailTo("twice@example.org"));
    expect(sha256Hex(params.verification_token)).toBe(second.tokenHash);
  });

  it("sends nothing once its hold has passed to another sender", async () => {
    const job = await writeSignUp("taken-over@example.org", "nl");
    // The hold ran out and a retry took the row: its hold is not this sender's.
    await makeSignupMailsDue();
    const db = await getDb();
    await db
      .update(panelMemberMails)
      .set({ lockedUntil: new Date(Date.now() + 60_000) })
      .where(eq(panelMemberMails.id, job.mailId));
    expect(await sendMemberMail(job)).toBe("replaced");
    expect(memoryOutbox()).toHaveLength(0);
    expect(await owedRows()).toHaveLength(1);
  });

  it("drops a mail whose link has expired, and gives up one older than the provider's memory of its key", async () => {
    await writeSignUp("expired-link@example.org", "nl");
    await writeSignUp("too-old@example.org", "nl");
    const db = await getDb();
    const expired = (await memberByEmail("expired-link@example.org"))!;
    await db
      .update(panelUsers)
      .set({ verificationExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(panelUsers.id, expired.id));
    const old = (await memberByEmail("too-old@example.org"))!;
    await db
      .update(panelMemberMails)
      .set({ createdAt: new Date(Date.now() - 24 * 3600_000) })
      .where(eq(panelMemberMails.panelUserId, old.id));
    await makeSignupMailsDue();
    expect(await retryMemberMails({ deadlineMs: 5_000 })).toMatchObject({
      sent: 0,
      givenUp: 1,
      pending: 0,
    });
    expect(memoryOutbox()).toHaveLength(0);
    expect(log.lines()).toContainEqual(
      expect.objectContaining({ memberId: old.id, givenUp: true, reason: "too_old" }),
    );
  });

  it("waits as long as the provider's Retry-After asks", async () => {
    installMailTransport(
      refusing(
        new MailSendError("slow down", {
          retryable: true,
          statusCode: 429,
          retryAfterSeconds: 600,
        }),
      ),
    );
    await signUp("retry-after@example.org");
    const [row] = await owedRows();
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 590_000);
  });

  it("gives the rest of its claim back when its time is up", async () => {
    for (const email of ["slow-a@example.org", "slow-b@example.org", "slow-c@example.org"]) {
      await writeSignUp(email, "nl");
    }
    await makeSignupMailsDue();
    const slow: MailTransport = {
      kind: "memory",
      send: async () => {
        await new Promise((resolve) => setTimeout(resolve, 150));
        return { id: null };
      },
      sendBatch: async () => ({ results: [] }),
      liftSuppression: async () => {},
    };
    installMailTransport(slow);
    const run = await retryMemberMails({ deadlineMs: 100 });
    expect(run).toMatchObject({ sent: 1, pending: 2, nextDueInMs: 0 });
    expect((await owedRows()).every((r) => r.lockedUntil === null)).toBe(true);
  });

  it("drops a mail no longer owed: the member confirmed in between", async () => {
    installMailTransport(refusing(new MailSendError("down", { retryable: true, statusCode: 503 })));
    await signUp("confirmed-since@example.org");
    installMailTransport(undefined);
    const [row] = await owedRows();
    expect(row.attempts).toBe(1);
    const member = (await memberByEmail("confirmed-since@example.org"))!;
    const db = await getDb();
    await db.update(panelUsers).set({ isVerified: true }).where(eq(panelUsers.id, member.id));
    await makeSignupMailsDue();
    expect(await retryMemberMails({ deadlineMs: 5_000 })).toMatchObject({ sent: 0, pending: 0 });
    expect(memoryOutbox()).toHaveLength(0);
  });

  it("gives up at once on a mail the provider refuses, and logs it without the address", async () => {
    installMailTransport(
      refusing(
        new MailSendError("Resend: validation_error: Invalid `to` field: refused@example.org", {
          retryable: false,
          statusCode: 422,
        }),
      ),
    );
    await signUp("refused@example.org");
    expect(await owedRows()).toHaveLength(0);
    const member = (await memberByEmail("refused@example.org"))!;
    expect(log.lines()).toContainEqual(
      expect.objectContaining({ scope: "panel-mail", memberId: member.id, givenUp: true }),
    );
    expect(JSON.stringify(log.lines())).not.toContain("refused@example.org");
  });

  it("keeps trying a rejected API key (a configuration being mended), and gives up after the last attempt", async () => {
    installMailTransport(refusing(new MailSendError("key", { retryable: false, statusCode: 401 })));
    await signUp("key-rejected@example.org");
    const [row] = await owedRows();
    expect(row.attempts).toBe(1);
    const db = await getDb();
    await db
      .update(panelMemberMails)
      .set({ attempts: MEMBER_MAIL_MAX_ATTEMPTS - 1 })
      .where(eq(panelMemberMails.id, row.id));
    await makeSignupMailsDue();
    expect(await retryMemberMails({ deadlineMs: 5_000 })).toMatchObject({ givenUp: 1, pending: 0 });
    expect(log.lines()).toContainEqual(
      expect.objectContaining({ attempts: MEMBER_MAIL_MAX_ATTEMPTS, givenUp: true }),
    );
  });

  it("sends the retry with a backoff: a failed mail is not due again at once", async () => {
    installMailTransport(refusing(new MailSendError("down", { retryable: true, statusCode: 500 })));
    await signUp("backoff@example.org");
    const run = await retryMemberMails({ deadlineMs: 5_000 });
    expect(run).toMatchObject({ sent: 0, givenUp: 0, pending: 1 });
    // The first retry waits about five seconds (jittered by a quarter either way).
    expect(run.nextDueInMs).toBeGreaterThan(2_000);
    expect(run.nextDueInMs).toBeLessThanOrEqual(6_250);
  });

  it("is gone with its member", async () => {
    const member = await insertMember({ email: "leaving@example.org" });
    await writeSignUp("leaving@example.org", "nl");
    const db = await getDb();
    await db.delete(panelUsers).where(eq(panelUsers.id, member.id));
    expect(await owedRows()).toHaveLength(0);
  });
});
