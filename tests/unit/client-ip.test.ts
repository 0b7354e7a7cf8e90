import { describe, expect, it } from "vitest";
import {
  afterValidationRules,
  beforeValidationRules,
  clientAddress,
  clientKey,
  UNKNOWN_CLIENT,
} from "@/lib/rate-limit/client";
import { addressBlock } from "@/lib/rate-limit/address-block";
import { pseudonymousKey } from "@/lib/rate-limit/keys";
import { SITE_WIDE } from "@/lib/rate-limit/limiter";
import { getConfig } from "@/config";
import { hmacHex } from "@/lib/crypto/tokens";
import { withEnv } from "../support/config";
import { oneClickBudget, panelLinkBudget } from "@/lib/panel/rate-limits";
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

  it("cuts the entry to 64 characters", () => {
    const long = "x".repeat(70);
    expect(clientAddress(headers(`6.6.6.6, ${long}`), { trustProxy: true, hops: 1 })).toBe(
      "x".repeat(64),
    );
  });

  it("has no address when the header is missing or empty", () => {
    expect(clientAddress(headers(), { trustProxy: true, hops: 1 })).toBeNull();
    expect(clientAddress(headers(" , "), { trustProxy: true, hops: 1 })).toBeNull();
  });
});

describe("the client key", () => {
  const request = (xff?: string) =>
    new Request("http://localhost/", { headers: xff ? { "x-forwarded-for": xff } : {} });

  it("is a keyed hash of the address block, never the address", () => {
    const key = clientKey(request("6.6.6.6, 2001:db8:5:6::1"));
    expect(key).toBe(`c${pseudonymousKey("client-address", "2001:db8:5:6::/64")}`);
    expect(key).toMatch(/^c[0-9a-f]{32}$/);
    expect(pseudonymousKey("client-address", "192.0.2.7")).toBe(
      hmacHex(getConfig().appSecret, "client-address:192.0.2.7").slice(0, 32),
    );
  });

  it("is UNKNOWN_CLIENT without an address, or without a trusted proxy", async () => {
    expect(clientKey(request())).toBe(UNKNOWN_CLIENT);
    const oneHop = clientKey(request("192.0.2.7"));
    expect(oneHop).not.toBe(UNKNOWN_CLIENT);
    await withEnv({ TRUST_PROXY: "0" }, () => {
      expect(clientKey(request("192.0.2.7"))).toBe(UNKNOWN_CLIENT);
    });
    await withEnv({ TRUST_PROXY: "1", TRUST_PROXY_HOPS: "2" }, () => {
      expect(clientKey(request("192.0.2.7"))).toBe(UNKNOWN_CLIENT);
      expect(clientKey(request("192.0.2.7, 10.0.0.2"))).toBe(oneHop);
    });
  });
});

describe("a feature's client budget", () => {
  it("counts the junk budget before validation; per client, then the ceiling, after", () => {
    const budget = panelLinkBudget("verify");
    expect(beforeValidationRules(budget, "cabc")).toEqual([
      { feature: "panel-verify-any", subject: "cabc", limit: 90, windowSeconds: 600 },
    ]);
    expect(afterValidationRules(budget, "cabc")).toEqual([
      { feature: "panel-verify", subject: "cabc", limit: 30, windowSeconds: 600 },
      { feature: "panel-verify-site", subject: SITE_WIDE, limit: 600, windowSeconds: 600 },
    ]);
    expect(budget.junkPerClient).toBeGreaterThan(budget.perClient!);
  });

  it("leaves an unknown client to the site-wide ceiling alone", () => {
    const budget = panelLinkBudget("verify");
    expect(beforeValidationRules(budget, UNKNOWN_CLIENT)).toEqual([]);
    expect(afterValidationRules(budget, UNKNOWN_CLIENT)).toEqual([
      { feature: "panel-verify-site", subject: SITE_WIDE, limit: 600, windowSeconds: 600 },
    ]);
  });

  it("never lets a ceiling refuse leaving the panel", () => {
    for (const budget of [panelLinkBudget("stop"), oneClickBudget]) {
      expect(budget.siteWide).toBeUndefined();
      const rules = [
        ...beforeValidationRules(budget, UNKNOWN_CLIENT),
        ...afterValidationRules(budget, UNKNOWN_CLIENT),
      ];
      expect(rules).toEqual([]);
    }
  });

  it("counts one-click unsubscribes per member, not per client: a mail provider posts them all", () => {
    expect(oneClickBudget.perClient).toBeUndefined();
    expect(afterValidationRules(oneClickBudget, "cabc")).toEqual([]);
  });

  it("leaves out the per-client rule or the ceiling a budget does not have", () => {
    const base = { feature: "t", windowSeconds: 60, junkPerClient: 9 };
    expect(afterValidationRules({ ...base, siteWide: 100 }, "cabc")).toEqual([
      { feature: "t-site", subject: SITE_WIDE, limit: 100, windowSeconds: 60 },
    ]);
    expect(afterValidationRules({ ...base, perClient: 3 }, "cabc")).toEqual([
      { feature: "t", subject: "cabc", limit: 3, windowSeconds: 60 },
    ]);
    expect(afterValidationRules(base, "cabc")).toEqual([]);
  });

  it("keeps anonymous submissions' per-client counters in memory, the ceiling in the database", () => {
    const [junk] = beforeValidationRules(submitBudget, "cabc");
    expect(junk.store).toBe("memory");
    expect(afterValidationRules(submitBudget, "cabc")).toEqual([
      {
        feature: "survey-submit",
        subject: "cabc",
        limit: 60,
        windowSeconds: 3600,
        store: "memory",
      },
      { feature: "survey-submit-site", subject: SITE_WIDE, limit: 2000, windowSeconds: 3600 },
    ]);
  });
});

describe("the address a client is counted by", () => {
  // An IPv6 address counts by its /64 however it is written (case, leading zeros, brackets,
  // port, zone, `::`); an IPv4 address as it is, also when written as IPv6; anything else as given.
  const blocks: [address: string, block: string][] = [
    ["2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"],
    ["2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"],
    ["2001:0db8:0001:0002:0:0:0:9", "2001:db8:1:2::/64"],
    ["[2001:db8:1:2::42]", "2001:db8:1:2::/64"],
    ["2001:DB8:1:2::7", "2001:db8:1:2::/64"],
    ["2001:db8:1:3::1", "2001:db8:1:3::/64"],
    ["::1", "0:0:0:0::/64"],
    ["[2001:db8:1:2::42]:8443", "2001:db8:1:2::/64"],
    ["[2001:db8:1:2::42]:8", "2001:db8:1:2::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["[fe80::1%eth0]:443", "fe80:0:0:0::/64"],
    ["2001:db8::1:2:3:4:5", "2001:db8:0:1::/64"],
    ["2001:db8:1::2:3:4:5", "2001:db8:1:0::/64"],
    ["2001:db8:0:0:0:ffff:c000:207", "2001:db8:0:0::/64"],
    ["2001:db8::ffff:c000:207", "2001:db8:0:0::/64"],
    ["192.0.2.7", "192.0.2.7"],
    ["192.0.2.8", "192.0.2.8"],
    // A proxy that adds the client's port (which it picks anew per connection).
    ["192.0.2.9:51234", "192.0.2.9"],
    ["192.0.2.9:443", "192.0.2.9"],
    ["::ffff:192.0.2.7", "192.0.2.7"],
    ["::ffff:c000:207", "192.0.2.7"],
    ["::ffff:192.168.100.200", "192.168.100.200"],
    ["not-an-address", "not-an-address"],
  ];

  it("lists each written form once", () => {
    expect(new Set(blocks.map(([address]) => address)).size).toBe(blocks.length);
  });

  it.each(blocks)("counts %s as %s", (address, block) => {
    expect(addressBlock(address)).toBe(block);
  });

  it("makes one client of two addresses in one /64", () => {
    const key = (address: string) =>
      clientKey(new Request("http://localhost/", { headers: { "x-forwarded-for": address } }));
    expect(key("2001:db8:5:6::1")).toBe(key("2001:db8:5:6:abcd::99"));
    expect(key("2001:db8:5:6::1")).not.toBe(key("2001:db8:5:7::1"));
  });
});
