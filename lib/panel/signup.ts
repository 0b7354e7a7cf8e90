import "server-only";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { preparedQuery } from "@/db/prepared";
import { panelUsers } from "@/db/schema";
import type { Locale } from "@/lib/i18n/locales.shared";
import { liftSuppression } from "./bounce";
import { sendAlreadyMemberMail, sendVerificationMail } from "./mails";
import { newStopNonce, newVerificationToken, VERIFICATION_TTL_MS } from "./tokens";

// A confirmed member who still receives mail keeps their link and language.
const keepIfVerified = (column: string) =>
  sql.raw(
    `case when "panel_users"."is_verified" and "panel_users"."delivery_status" = 'ok' then "panel_users"."${column}" else excluded."${column}" end`,
  );

// Every sign-up runs this statement, built once (db/prepared.ts).
const upsertMember = preparedQuery((db) =>
  db
    .insert(panelUsers)
    .values({
      email: sql.placeholder("email"),
      locale: sql.placeholder("locale"),
      verificationHash: sql.placeholder("verificationHash"),
      verificationExpiresAt: sql.placeholder("verificationExpiresAt"),
      stopNonce: sql.placeholder("stopNonce"),
      createdAt: sql.placeholder("createdAt"),
    })
    .onConflictDoUpdate({
      target: panelUsers.email,
      set: {
        verificationHash: keepIfVerified("verification_hash"),
        verificationExpiresAt: keepIfVerified("verification_expires_at"),
        // A pending sign-up takes the language of the latest attempt; a member's stays theirs.
        locale: keepIfVerified("locale"),
      },
    })
    .returning()
    .prepare("upsert_member"),
);

/**
 * POST /api/panel_user. Whatever the address's state, the work is the same: one upsert and one
 * mail, and the caller answers the same `{}`, so neither the answer nor its timing tells who is
 * on the panel.
 * - new address: a member row and a verification mail;
 * - known, not yet confirmed: a fresh token (the previous link stops working) and a new mail;
 * - known and confirmed: nothing changes, an "already in the panel" mail goes out;
 * - known and bounced (confirmed or not): the provider's suppression is lifted and a fresh
 *   verification mail goes out; confirming it clears `bounced` (verify.ts).
 */
export async function signUp(
  email: string,
  locale: Locale,
  now = new Date(),
  tx?: DbOrTx,
): Promise<void> {
  const { token, hash } = newVerificationToken();
  const [member] = await upsertMember(
    {
      email,
      locale,
      verificationHash: hash,
      verificationExpiresAt: new Date(now.getTime() + VERIFICATION_TTL_MS),
      stopNonce: newStopNonce(),
      createdAt: now,
    },
    tx,
  );
  if (member.deliveryStatus === "bounced") {
    // Without this the provider would not send the verification mail at all.
    await liftSuppression(member.email, member.id, { required: false });
    await sendVerificationMail(member, token, hash);
  } else if (member.isVerified) await sendAlreadyMemberMail(member, hash);
  else await sendVerificationMail(member, token, hash);
}
