import { describe, expect, it } from "vitest";
import { config } from "zod/v4/core";

describe("instrumentation-client", () => {
  it("turns off Zod's eval-based parser without importing Zod", async () => {
    await import("@/instrumentation-client");
    // The same configuration object Zod reads when it parses: set through the global, it is
    // the one `config()` returns.
    expect(config().jitless).toBe(true);
  });
});
