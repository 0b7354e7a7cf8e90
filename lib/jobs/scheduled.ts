import "server-only";
import { logError } from "@/lib/log";
import { armMemberMailRetry } from "@/lib/panel/member-mail-timer";
import { retryMemberMails } from "@/lib/panel/member-mail-retry";
import { runHousekeeping } from "./housekeeping";

/** How long the retry of sign-up mails may run in one scheduled call. */
const SIGNUP_MAIL_BUDGET_MS = 20_000;

/**
 * Everything that runs on a schedule, in one place: the in-process timer on Node hosts and the
 * cron endpoint on serverless hosts both call this, so they can never drift apart. The cron call
 * gives the sign-up mails less time when its own budget is smaller (`signupMailBudgetMs`).
 */
export async function runScheduledWork(
  now = new Date(),
  { signupMailBudgetMs = SIGNUP_MAIL_BUDGET_MS }: { signupMailBudgetMs?: number } = {},
): Promise<{
  housekeeping: "done" | "failed";
  signup_mails: { sent: number; given_up: number; pending: number };
}> {
  // A housekeeping step that fails is logged and tried again at the next run: it must not keep
  // the sign-up mails below, or the cron call's delivery after it, from running.
  let housekeeping: "done" | "failed" = "done";
  try {
    await runHousekeeping(now);
  } catch (error) {
    logError("housekeeping", error);
    housekeeping = "failed";
  }
  // Sign-up mails whose first try failed, or whose process ended before it. A failure here is
  // logged and left to the next run: it must not keep the cron call from delivering messages.
  let mails = { sent: 0, givenUp: 0, pending: 0, nextDueInMs: null as number | null };
  try {
    mails = await retryMemberMails({
      deadlineMs: Math.min(SIGNUP_MAIL_BUDGET_MS, signupMailBudgetMs),
    });
  } catch (error) {
    logError("panel-mail", error);
  }
  if (mails.nextDueInMs !== null) armMemberMailRetry(mails.nextDueInMs);
  return {
    housekeeping,
    signup_mails: { sent: mails.sent, given_up: mails.givenUp, pending: mails.pending },
  };
}
