import "server-only";
import { asc, eq } from "drizzle-orm";
import { dbOr, getDb, type DbOrTx } from "@/db/client";
import { staffUsers, type StaffUser } from "@/db/schema";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { AppError, invalidField } from "@/lib/errors/app-error";
import { hashPassword } from "./password";
import { newPasswordProblem } from "./common-passwords";
import { emailField } from "./schemas.shared";

export async function findStaffByEmail(email: string, tx?: DbOrTx): Promise<StaffUser | null> {
  const db = await dbOr(tx);
  const [user] = await db
    .select()
    .from(staffUsers)
    .where(eq(staffUsers.email, email.trim().toLowerCase()))
    .limit(1);
  return user ?? null;
}

export async function findStaffById(id: number, tx?: DbOrTx): Promise<StaffUser | null> {
  const db = await dbOr(tx);
  const [user] = await db.select().from(staffUsers).where(eq(staffUsers.id, id)).limit(1);
  return user ?? null;
}

export async function listStaff(): Promise<StaffUser[]> {
  const db = await getDb();
  return db.select().from(staffUsers).orderBy(asc(staffUsers.email));
}

export type NewStaffAccount = { email: string; password: string; name?: string; isAdmin?: boolean };

/**
 * Creates a verified account with a password (the command line and the demo seed). A weak
 * password is code 4 with the broken rule; an address already in use is code 0.
 */
export async function createStaffAccount(input: NewStaffAccount): Promise<StaffUser> {
  const email = emailField().safeParse(input.email);
  if (!email.success) {
    throw invalidField("email", email.error.issues[0].message);
  }
  const problem = await newPasswordProblem(input.password);
  if (problem) {
    throw new AppError(ErrorCode.PASSWORD_CONDITIONS, { fields: { password: problem } });
  }
  const db = await getDb();
  const [user] = await db
    .insert(staffUsers)
    .values({
      email: email.data,
      name: input.name?.trim() ?? "",
      passwordHash: await hashPassword(input.password),
      isAdmin: input.isAdmin ?? false,
      isVerified: true,
    })
    .onConflictDoNothing({ target: staffUsers.email })
    .returning();
  if (!user) throw new AppError(ErrorCode.EMAIL_EXISTS);
  return user;
}
