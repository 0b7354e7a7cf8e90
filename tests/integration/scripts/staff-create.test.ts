import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite } from "@/db/client";
import { staffUsers } from "@/db/schema";
import { verifyPassword } from "@/lib/auth/password";
import { runScript } from "../../support/run-script";

// The command-line tool in a process of its own, on an embedded database of its own.
const dataDir = mkdtempSync(path.join(os.tmpdir(), "rp-staff-create-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function staffCreate(args: string[], stdin: string) {
  return runScript("scripts/staff-create.ts", args, path.join(dataDir, "pglite"), stdin);
}

async function accounts() {
  const database = await openPglite(path.join(dataDir, "pglite"));
  try {
    return await database.db.select().from(staffUsers);
  } finally {
    await database.close();
  }
}

describe("npm run staff:create", () => {
  it("takes no password on the command line", async () => {
    const res = await staffCreate(
      ["--email", "cli@example.org", "--password", "Command-Line-Passw0rd"],
      "",
    );
    expect(res.code).toBe(1);
    expect(res.stderr).toContain("--password");
    expect(res.stderr).toContain("Usage:");
    expect(await accounts()).toEqual([]);
  }, 60_000);

  it("reads the password from standard input when it is not a terminal", async () => {
    const res = await staffCreate(
      ["--email", "First.Admin@example.org", "--name", "First Admin", "--admin"],
      "Piped-In-Passw0rd\nignored second line\n",
    );
    expect(res.stderr).toBe("");
    expect(res.code).toBe(0);
    expect(res.stdout).toContain("Created admin account first.admin@example.org");
    expect(res.stdout).not.toContain("Piped-In-Passw0rd");
    const [row] = await accounts();
    expect(row).toMatchObject({ email: "first.admin@example.org", isAdmin: true });
    expect(await verifyPassword(row.passwordHash!, "Piped-In-Passw0rd")).toBe(true);
  }, 60_000);

  it("refuses an empty or weak password", async () => {
    const empty = await staffCreate(["--email", "empty@example.org"], "");
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain("No password given");
    const weak = await staffCreate(["--email", "weak@example.org"], "weak\n");
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain("code 4");
    expect((await accounts()).map((a) => a.email)).toEqual(["first.admin@example.org"]);
  }, 60_000);
});
