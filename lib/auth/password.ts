import "server-only";
import { hash, verify, type Algorithm } from "@node-rs/argon2";
import { randomToken } from "@/lib/crypto/tokens";

// argon2id with the OWASP parameters (m = 19 MiB, t = 2, p = 1). The enum is a `const enum`
// in the package's types, which isolated modules cannot read; 2 is its Argon2id member.
const ARGON2ID = 2 as Algorithm;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** False for a wrong password and for a stored value that is not a valid hash. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as checking a real password, for accounts that do not exist or have no
 * password yet, so the answer's timing does not tell whether an address has an account.
 */
export async function spendPasswordCheck(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomToken(16));
  await verifyPassword(await dummyHash, password);
  return false;
}
