import { describe, expect, it } from "vitest";
import { BASE_CLIENT_MESSAGES, pickMessages } from "@/components/public/client-messages";
import nl from "@/i18n/messages/nl";

describe("pickMessages", () => {
  it("keeps only the named namespaces and sub-trees, nested as in the original", () => {
    const messages = { a: { b: { c: "1" }, d: "2" }, e: "3", f: { g: "4" } };
    expect(pickMessages(messages, ["a.b", "f"])).toEqual({ a: { b: { c: "1" } }, f: { g: "4" } });
    expect(pickMessages(messages, ["a.b", "a.d"])).toEqual({ a: { b: { c: "1" }, d: "2" } });
    expect(pickMessages(messages, ["missing", "a.missing"])).toEqual({});
  });

  it("the base set names texts that exist, and is far smaller than every text", () => {
    const base = pickMessages(nl as Record<string, unknown>, BASE_CLIENT_MESSAGES);
    for (const path of BASE_CLIENT_MESSAGES) {
      const [ns, sub] = path.split(".");
      const part = (base as Record<string, Record<string, unknown>>)[ns];
      expect(part, path).toBeTruthy();
      if (sub) expect(part[sub], path).toBeTruthy();
    }
    expect(JSON.stringify(base).length).toBeLessThan(JSON.stringify(nl).length / 3);
  });
});
