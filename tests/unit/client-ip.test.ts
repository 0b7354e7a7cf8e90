import { describe, expect, it } from "vitest";
import {
  clientAddress,
  clientLimit,
  perClientLimits,
  SHARED_CLIENT_KEY,
} from "@/lib/rate-limit/client";
import { panelLinkLimits } from "@/lib/panel/rate-limits";

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
    expect(clientAddress(headers("203.0.113.9"), { trustProxy: true, hops: 3 })).toBe(
      "203.0.113.9",
    );
  });

  it("has no address when the header is missing or empty", () => {
    expect(clientAddress(headers(), { trustProxy: true, hops: 1 })).toBeNull();
    expect(clientAddress(headers(" , "), { trustProxy: true, hops: 1 })).toBeNull();
  });
});

describe("per-client limits", () => {
  it("become a site-wide ceiling when every caller shares one key", () => {
    expect(clientLimit("c0123", 20, 500)).toBe(20);
    expect(clientLimit(SHARED_CLIENT_KEY, 20, 500)).toBe(500);
  });

  it("come from one helper: keyed by feature and client, never by an address", () => {
    const rules = perClientLimits("feature", { perClient: 3, siteWide: 30, windowSeconds: 60 });
    expect(rules("cabc")).toEqual([{ key: "feature:cabc", limit: 3, windowSeconds: 60 }]);
    expect(rules(SHARED_CLIENT_KEY)).toEqual([
      { key: "feature:shared", limit: 30, windowSeconds: 60 },
    ]);
    expect(panelLinkLimits("verify")("cabc")).toEqual([
      { key: "panel-verify:cabc", limit: 30, windowSeconds: 600 },
    ]);
    expect(panelLinkLimits("stop")("cabc")[0].key).not.toBe(
      panelLinkLimits("verify")("cabc")[0].key,
    );
  });
});
