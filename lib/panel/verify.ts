import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { panelUsers } from "@/db/schema";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { AppError } from "@/lib/errors/app-error";
import { liftSuppression } from "./bounce";
import { VERIFICATION_TTL_MS, verificationTokenMatches } from "./tokens";

/**
 * Confirms a member's address. Wrong token or unknown member: code 7; the right token after its
 * 48 hours: code 6 (only the holder of the link learns that it expired). The hash is kept after
 * confirming, so opening the same link again answers 200 and the member stays confirmed.
 * A bounced member confirming a link sent after the bounce (a new sign-up) has shown that mail
 * reaches them: `bounced` is cleared and the provider's suppression lifted.
 */
export async function verifyEmail(
  memberId: number,
  token: string,
  now = new Date(),
): Promise<void> {
  const db = await getDb();
  const [member] = await db
    .select({
      email: panelUsers.email,
      isVerified: panelUsers.isVerified,
      deliveryStatus: panelUsers.deliveryStatus,
      bouncedAt: panelUsers.bouncedAt,
      verificationHash: panelUsers.verificationHash,
      verificationExpiresAt: panelUsers.verificationExpiresAt,
    })
    .from(panelUsers)
    .where(eq(panelUsers.id, memberId))
    .limit(1);
  if (!member || !verificationTokenMatches(token, member.verificationHash)) {
    throw new AppError(ErrorCode.VERIFY_FAILED);
  }
  const expiresAt = member.verificationExpiresAt;
  const bounced = member.deliveryStatus === "bounced";
  // A link sent before the bounce proves nothing about the mailbox now.
  const sentAfterBounce =
    bounced &&
    expiresAt !== null &&
    member.bouncedAt !== null &&
    expiresAt.getTime() - VERIFICATION_TTL_MS >= member.bouncedAt.getTime();
  if (member.isVerified && !sentAfterBounce) return;
  if (!expiresAt || expiresAt.getTime() <= now.getTime()) {
    throw new AppError(ErrorCode.TOKEN_EXPIRED);
  }
  const updated = await db
    .update(panelUsers)
    .set({
      isVerified: true,
      verifiedAt: now,
      ...(bounced ? { deliveryStatus: "ok" as const, bounceKind: null, bouncedAt: null } : {}),
    })
    // The hash in the condition: a sign-up in between replaced the token, so this one is void.
    .where(
      and(eq(panelUsers.id, memberId), eq(panelUsers.verificationHash, member.verificationHash!)),
    )
    .returning({ id: panelUsers.id });
  if (updated.length === 0) throw new AppError(ErrorCode.VERIFY_FAILED);
  if (bounced) await liftSuppression(member.email, memberId, { required: false });
}
