import { describe, expect, it } from "vitest";
import { sha256Hex } from "@/lib/crypto/tokens";
import { openMemberMailToken, sealMemberMailToken } from "@/lib/panel/member-mail-token";
import { newVerificationToken } from "@/lib/panel/tokens";
import { withEnv } from "../../support/config";

const OLD = "old-secret-old-secret-old-secret-0123456789";
const NEW = "new-secret-new-secret-new-secret-0123456789";

describe("the sealed token of a sign-up mail", () => {
  it("opens to the token for its own hash only", () => {
    const { token, hash } = newVerificationToken();
    const sealed = sealMemberMailToken(token, hash);
    expect(sealed.toString("latin1")).not.toContain(token);
    expect(openMemberMailToken(sealed, hash)).toBe(token);
    // Bound to the hash: another row's hash does not open it.
    expect(openMemberMailToken(sealed, sha256Hex("another token"))).toBeNull();
  });

  it("does not open when changed, and not to a token that is not the hash's", () => {
    const { token, hash } = newVerificationToken();
    const sealed = sealMemberMailToken(token, hash);
    const changed = Buffer.from(sealed);
    changed[changed.length - 1] ^= 1;
    expect(openMemberMailToken(changed, hash)).toBeNull();
    expect(openMemberMailToken(sealed.subarray(0, 12), hash)).toBeNull();
    // A token sealed under its hash's name but not matching it is refused too.
    const other = newVerificationToken();
    expect(openMemberMailToken(sealMemberMailToken(other.token, hash), hash)).toBeNull();
  });

  it("opens after a rotation while the earlier secret is configured, not once it is gone", async () => {
    const { token, hash } = newVerificationToken();
    const sealed = await withEnv({ APP_SECRET: OLD }, () => sealMemberMailToken(token, hash));
    expect(
      await withEnv({ APP_SECRET: NEW, APP_SECRET_PREVIOUS: OLD }, () =>
        openMemberMailToken(sealed, hash),
      ),
    ).toBe(token);
    expect(await withEnv({ APP_SECRET: NEW }, () => openMemberMailToken(sealed, hash))).toBeNull();
  });
});
