import { describe, expect, it } from "vitest";
import { runHousekeeping } from "@/lib/jobs/housekeeping";
import { deleteStaleSignups } from "@/lib/panel/housekeeping";
import { insertMember, memberByEmail } from "../../support/panel";

const DAY = 86_400_000;

describe("unconfirmed sign-ups are removed after 30 days", () => {
  it("deletes only old, unconfirmed sign-ups whose link has expired", async () => {
    const now = new Date();
    const ago = (days: number) => new Date(now.getTime() - days * DAY);
    await insertMember({
      email: "stale@example.org",
      createdAt: ago(31),
      verificationExpiresAt: ago(29),
    });
    await insertMember({ email: "stale-no-link@example.org", createdAt: ago(45) });
    await insertMember({
      email: "recent@example.org",
      createdAt: ago(29),
      verificationExpiresAt: ago(27),
    });
    await insertMember({
      email: "old-but-new-link@example.org",
      createdAt: ago(31),
      verificationExpiresAt: new Date(now.getTime() + DAY),
    });
    await insertMember({ email: "old-member@example.org", createdAt: ago(400), isVerified: true });

    expect(await deleteStaleSignups(now)).toBe(2);
    expect(await memberByEmail("stale@example.org")).toBeUndefined();
    expect(await memberByEmail("stale-no-link@example.org")).toBeUndefined();
    for (const kept of [
      "recent@example.org",
      "old-but-new-link@example.org",
      "old-member@example.org",
    ]) {
      expect(await memberByEmail(kept), kept).toBeDefined();
    }
  });

  it("runs as part of the periodic housekeeping", async () => {
    await insertMember({ email: "swept@example.org", createdAt: new Date(Date.now() - 40 * DAY) });
    await runHousekeeping();
    expect(await memberByEmail("swept@example.org")).toBeUndefined();
  });
});
