import "server-only";
import type { PanelRecipient } from "@/lib/mail/panel-mail";

/** A mail a sign-up owes its address, as a sender holds it (see signup.ts). */
export type MemberMailJob = {
  mailId: number;
  kind: "verification" | "already_member";
  /** Also the idempotency key's tail: a retry of this row is the same mail to the provider. */
  tokenHash: string;
  /** The verification link's token; null for the "already in the panel" mail. */
  token: string | null;
  liftSuppression: boolean;
  /** Attempts made before this one. */
  attempts?: number;
  /** The row's `locked_until` as this sender set it (the database's text): its hold. */
  heldUntil: string;
  member: PanelRecipient;
};

/** `replaced`: not sent, the row is no longer this sender's (see `stillHeld`). */
export type MemberMailOutcome = "sent" | "retry" | "given_up" | "replaced";
