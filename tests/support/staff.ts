import { getDb } from "@/db/client";
import { staffUsers } from "@/db/schema";
import { hashPassword } from "@/lib/auth/password";
import { createSession, sessionCookieName } from "@/lib/auth/session";
import { sha256Hex } from "@/lib/crypto/tokens";

let counter = 0;

/**
 * Inserts a staff user directly and returns a Cookie header for a live session of theirs (and
 * the session's id). Without `password` the account has none, as an invited one.
 */
export async function staffWithSession(
  o: { admin?: boolean; email?: string; password?: string } = {},
) {
  const db = await getDb();
  counter += 1;
  const [user] = await db
    .insert(staffUsers)
    .values({
      email: o.email ?? `staff${counter}-${Date.now()}@example.org`,
      name: "Test",
      passwordHash: o.password ? await hashPassword(o.password) : null,
      isAdmin: o.admin ?? false,
      isVerified: true,
    })
    .returning();
  const { token } = await createSession(user.id);
  return { user, cookie: `${sessionCookieName()}=${token}`, sessionId: sha256Hex(token) };
}
