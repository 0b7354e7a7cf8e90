import type { Db } from "@/db/client";
import { staffUsers } from "@/db/schema";
import { seedDemo } from "@/lib/demo/seed";
import { hashPassword } from "@/lib/auth/password";
import { sealTotpSecret } from "@/lib/auth/totp";
import { e2eAccounts } from "./accounts";
import { authTestAccounts, type E2eAccount } from "./auth-accounts";

/**
 * What every e2e run starts with: the demo content (studies in every status, members, a draft)
 * and the staff accounts of accounts.ts and auth-accounts.ts, with real argon2id hashes.
 */
export async function prepareE2eData(db: Db): Promise<void> {
  await seedDemo(db);
  const accounts: E2eAccount[] = [
    ...Object.values(e2eAccounts),
    ...Object.values(authTestAccounts),
  ];
  for (const account of accounts) {
    await db.insert(staffUsers).values({
      email: account.email,
      name: account.name,
      passwordHash: await hashPassword(account.password),
      isAdmin: account.admin,
      isVerified: true,
      ...(account.totpSecret
        ? { totpSecret: sealTotpSecret(account.totpSecret), twoFactorEnabled: true }
        : {}),
    });
  }
}
