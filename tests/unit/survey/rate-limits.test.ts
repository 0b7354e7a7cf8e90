import { describe, expect, it } from "vitest";
import { SHARED_CLIENT_KEY } from "@/lib/rate-limit/client";
import { submitLimitsPerClient, responseTokenLimits } from "@/lib/responses/rate-limits";

describe("survey rate limits", () => {
  it("limit each known client, keyed by the handler's client key", () => {
    expect(submitLimitsPerClient("cabc")).toEqual([
      { key: "survey-submit:cabc", limit: 60, windowSeconds: 3600 },
    ]);
    expect(responseTokenLimits("cabc")).toEqual([
      { key: "survey-token:cabc", limit: 30, windowSeconds: 900 },
    ]);
  });

  it("become a site-wide ceiling when every caller shares one key, not a block after 60 people", () => {
    const [submit] = submitLimitsPerClient(SHARED_CLIENT_KEY);
    expect(submit.key).toBe("survey-submit:shared");
    expect(submit.limit).toBeGreaterThanOrEqual(1000);
    expect(responseTokenLimits(SHARED_CLIENT_KEY)[0].limit).toBeGreaterThan(30);
  });
});
