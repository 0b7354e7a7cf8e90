import "server-only";
import { decrypt, deriveKey, encrypt } from "@/lib/crypto/aead";
import { appSecretRing } from "@/lib/crypto/keyring";
import { constantTimeEqual, sha256Hex } from "@/lib/crypto/tokens";

const PURPOSE = "panel member mail token";
/** A key id is 8 hex digits (lib/crypto/keyring.ts), stored before the ciphertext. */
const KEY_ID_BYTES = 8;

/**
 * Seals a verification token for its row in `panel_member_mails`, so a retry can send the same
 * link while the member row keeps only the token's hash. Bound to that hash: a sealed token
 * copied to another row does not open there.
 */
export function sealMemberMailToken(token: string, tokenHash: string): Buffer {
  const key = appSecretRing().current;
  return Buffer.concat([
    Buffer.from(key.id, "ascii"),
    encrypt(deriveKey(key.key, PURPOSE), token, tokenHash),
  ]);
}

/**
 * The token sealed for `tokenHash`, or null when it cannot be opened (its APP_SECRET is no
 * longer configured, or the bytes were changed) or is not the token of that hash.
 */
export function openMemberMailToken(sealed: Uint8Array, tokenHash: string): string | null {
  const bytes = Buffer.from(sealed);
  const key = appSecretRing().byId(bytes.subarray(0, KEY_ID_BYTES).toString("ascii"));
  if (!key) return null;
  try {
    const token = decrypt(
      deriveKey(key.key, PURPOSE),
      bytes.subarray(KEY_ID_BYTES),
      tokenHash,
    ).toString("utf8");
    return constantTimeEqual(sha256Hex(token), tokenHash) ? token : null;
  } catch {
    return null;
  }
}
