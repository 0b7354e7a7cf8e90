import { getDb } from "@/db/client";
import { staffUsers } from "@/db/schema";
import { createSession, SESSION_COOKIE } from "@/lib/auth/session";

let counter = 0;

/** Inserts a staff user directly and returns a Cookie header for a live session of theirs. */
export async function staffWithSession(o: { admin?: boolean; email?: string } = {}) {
  const db = await getDb();
  counter += 1;
  const [user] = await db
    .insert(staffUsers)
    .values({
      email: o.email ?? `staff${counter}-${Date.now()}@example.org`,
      name: "Test",
      passwordHash: null,
      isAdmin: o.admin ?? false,
      isVerified: true,
    })
    .returning();
  const { token } = await createSession(user.id);
  return { user, cookie: `${SESSION_COOKIE}=${token}` };
}
