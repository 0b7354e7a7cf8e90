import { fail, openScriptDatabase, parseOptions } from "./cli";
import { accountEventMail } from "@/lib/auth/account-mails";
import { resetTwoFactorByEmail } from "@/lib/auth/staff-admin";
import { sendMail } from "@/lib/mail";
import { AppError } from "@/lib/errors/app-error";

// npm run staff:reset-2fa -- --email <address>
// Turns an account's two-factor sign-in off and ends its sessions, on the server itself: the way
// back in when the last admin has lost their phone (an admin resets anyone else's on
// /admin/staff). Recorded in the audit log as `two_factor_reset` without an actor, and mailed to
// the account holder.
const usage = `Usage: npm run staff:reset-2fa -- --email <address>

Turns two-factor sign-in off for the staff account with this address, forgets its secret and
ends all its sessions. The account then signs in with its password alone and, where two-factor
is required (STAFF_TWO_FACTOR=required), must set it up again before doing anything else.

Uses DATABASE_URL when it is set, otherwise the embedded database in PGLITE_DIR. Stop the
dev server first: the embedded database can be opened by one process at a time.`;

const args = parseOptions(
  {
    email: { type: "string" },
  },
  usage,
  1,
);
if (!args.email) fail(usage, 1);

const database = await openScriptDatabase();

let exitCode = 0;
try {
  const user = await resetTwoFactorByEmail(args.email);
  console.log(
    `Two-factor sign-in is off for ${user.email} (id ${user.id}) and its sessions have ended.`,
  );
  // The holder is told, as after an admin's reset; a mail that fails does not undo the reset.
  try {
    await sendMail(accountEventMail("two_factor_reset", user, new Date()));
    console.log(`${user.email} has been mailed about it.`);
  } catch (error) {
    console.error(
      `The reset stands, but the mail to ${user.email} failed: ${(error as Error).message}`,
    );
  }
} catch (error) {
  exitCode = 1;
  if (error instanceof AppError) {
    console.error(
      error.code === 12
        ? `Not reset: no staff account has the address ${args.email}.`
        : `Not reset (code ${error.code}): ${error.message}`,
    );
  } else {
    const cause = ((error as { cause?: unknown })?.cause ?? error) as { message?: string };
    console.error(`Not reset: ${cause.message ?? String(cause)}`);
  }
} finally {
  await database.close();
}
process.exit(exitCode);
