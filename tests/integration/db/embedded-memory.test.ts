import { sql } from "drizzle-orm";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openPglite, PGLITE_SHARED_BUFFERS } from "@/db/client";

// The embedded database runs inside the server process, so its buffer cache is the server's
// memory: the default 128 MB would be resident from the first request on.
describe("the embedded database as the server opens it", () => {
  it("keeps a small buffer cache", async () => {
    const database = await openPglite(undefined);
    try {
      const result = (await database.db.execute(sql`show shared_buffers`)) as unknown as {
        rows: { shared_buffers: string }[];
      };
      const [row] = result.rows;
      expect(PGLITE_SHARED_BUFFERS).toBe("16MB");
      expect(row?.shared_buffers).toBe("16MB");
    } finally {
      await database.close();
    }
  }, 60_000);

  it("opens in a folder whose parents do not exist yet (a fresh checkout has no .data/)", async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "rp-pglite-"));
    const database = await openPglite(path.join(root, ".data", "pglite"));
    try {
      const result = (await database.db.execute(sql`select 1 as one`)) as unknown as {
        rows: { one: number }[];
      };
      expect(result.rows[0]?.one).toBe(1);
    } finally {
      await database.close();
      rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);
});
