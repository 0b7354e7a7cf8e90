import { describe, expect, it } from "vitest";
import {
  afterValidationRules,
  beforeValidationRules,
  clientAddress,
  UNKNOWN_CLIENT,
} from "@/lib/rate-limit/client";
import { SITE_WIDE } from "@/lib/rate-limit/limiter";
import { panelLinkBudget } from "@/lib/panel/rate-limits";
import { submitBudget } from "@/lib/responses/rate-limits";

const headers = (xff?: string) => new Headers(xff ? { "x-forwarded-for": xff } : {});

describe("client address for rate limits", () => {
  it("ignores X-Forwarded-For without a trusted proxy, so a client can't choose its own key", () => {
    expect(clientAddress(headers("1.2.3.4"), { trustProxy: false, hops: 1 })).toBeNull();
  });

  it("takes the entry our proxy appended, not the one the client sent", () => {
    expect(clientAddress(headers("6.6.6.6, 203.0.113.9"), { trustProxy: true, hops: 1 })).toBe(
      "203.0.113.9",
    );
  });

  it("counts several proxies of ours from the right", () => {
    const h = headers("6.6.6.6, 203.0.113.9, 10.0.0.2");
    expect(clientAddress(h, { trustProxy: true, hops: 2 })).toBe("203.0.113.9");
    expect(clientAddress(headers("203.0.113.9, 10.0.0.2"), { trustProxy: true, hops: 2 })).toBe(
      "203.0.113.9",
    );
  });

  it("knows no client when the header has fewer entries than our proxies append", () => {
    // Only the client's own words: the left-most entry must not be believed.
    expect(clientAddress(headers("203.0.113.9"), { trustProxy: true, hops: 2 })).toBeNull();
    expect(
      clientAddress(headers("6.6.6.6, 203.0.113.9"), { trustProxy: true, hops: 3 }),
    ).toBeNull();
  });

  it("has no address when the header is missing or empty", () => {
    expect(clientAddress(headers(), { trustProxy: true, hops: 1 })).toBeNull();
    expect(clientAddress(headers(" , "), { trustProxy: true, hops: 1 })).toBeNull();
  });
});

describe("a feature's client budget", () => {
  it("counts the site-wide ceiling and the junk budget before validation, per client after", () => {
    const budget = panelLinkBudget("verify");
    expect(beforeValidationRules(budget, "cabc")).toEqual([
      { feature: "panel-verify-site", subject: SITE_WIDE, limit: 600, windowSeconds: 600 },
      { feature: "panel-verify-any", subject: "cabc", limit: 90, windowSeconds: 600 },
    ]);
    expect(afterValidationRules(budget, "cabc")).toEqual([
      { feature: "panel-verify", subject: "cabc", limit: 30, windowSeconds: 600 },
    ]);
    expect(budget.junkPerClient).toBeGreaterThan(budget.perClient!);
  });

  it("leaves an unknown client to the site-wide ceiling alone", () => {
    const budget = panelLinkBudget("stop");
    expect(beforeValidationRules(budget, UNKNOWN_CLIENT)).toEqual([
      { feature: "panel-stop-site", subject: SITE_WIDE, limit: 600, windowSeconds: 600 },
    ]);
    expect(afterValidationRules(budget, UNKNOWN_CLIENT)).toEqual([]);
  });

  it("keeps anonymous submissions' per-client counters in memory, the ceiling in the database", () => {
    const [site, junk] = beforeValidationRules(submitBudget, "cabc");
    expect(site.store).toBeUndefined();
    expect(site.limit).toBe(2000);
    expect(junk.store).toBe("memory");
    expect(afterValidationRules(submitBudget, "cabc")).toEqual([
      {
        feature: "survey-submit",
        subject: "cabc",
        limit: 60,
        windowSeconds: 3600,
        store: "memory",
      },
    ]);
  });
});
