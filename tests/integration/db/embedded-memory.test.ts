import { sql } from "drizzle-orm";
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
});
