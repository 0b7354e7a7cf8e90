import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { canonicalContent, canonicalJson, chainHash, GENESIS_HASH } from "@/lib/audit/chain";

const row = {
  id: 7,
  at: new Date("2026-03-01T09:30:15.123Z"),
  actorId: 3,
  actorEmail: "staff@example.org",
  action: "study_status_changed",
  targetType: "study",
  targetId: 12,
  details: { to: "open", from: "not_started" },
};

describe("canonical content of an audit row", () => {
  it("sorts object keys at every level and keeps array order", () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}',
    );
    expect(canonicalJson({ B: 1, a: 2, _: 3 })).toBe('{"B":1,"_":3,"a":2}');
  });

  it("leaves out keys whose value is undefined and writes scalars as JSON", () => {
    expect(canonicalJson({ a: undefined, b: "x" })).toBe('{"b":"x"}');
    expect(canonicalJson("é\n")).toBe('"é\\n"');
    expect(canonicalJson(true)).toBe("true");
    expect(canonicalJson(null)).toBe("null");
    expect(canonicalJson([])).toBe("[]");
    expect(canonicalJson({})).toBe("{}");
  });

  it("lists the fields in a fixed order, the time in UTC to the millisecond", () => {
    expect(canonicalContent(row)).toBe(
      '[7,"2026-03-01T09:30:15.123Z",3,"staff@example.org","study_status_changed","study",12,' +
        '{"from":"not_started","to":"open"}]',
    );
    expect(
      canonicalContent({
        ...row,
        actorId: null,
        actorEmail: null,
        targetType: null,
        targetId: null,
        details: {},
      }),
    ).toBe('[7,"2026-03-01T09:30:15.123Z",null,null,"study_status_changed",null,null,{}]');
  });
});

describe("chain hash", () => {
  it("is SHA-256 over the previous hash, a line break and the canonical content", () => {
    const expected = createHash("sha256")
      .update(`${GENESIS_HASH}\n${canonicalContent(row)}`)
      .digest("hex");
    expect(chainHash(GENESIS_HASH, row)).toBe(expected);
  });

  it("never changes for the same row: rows already written must keep verifying", () => {
    // Fixed once; a different value means the canonical form changed, which would make every
    // stored row fail verification.
    expect(chainHash(GENESIS_HASH, row)).toBe(
      "8c4b8e9baef9fce13e2ae97b4fed1574ee8797fd13288de8f1aa6a96efecd832",
    );
    expect(GENESIS_HASH).toBe("0".repeat(64));
  });

  it("changes with every field, and with the key order never", () => {
    const base = chainHash(GENESIS_HASH, row);
    const variants = [
      { ...row, id: 8 },
      { ...row, at: new Date(row.at.getTime() + 1) },
      { ...row, actorId: 4 },
      { ...row, actorEmail: "other@example.org" },
      { ...row, action: "study_deleted" },
      { ...row, targetType: "attachment" },
      { ...row, targetId: 13 },
      { ...row, details: { from: "not_started", to: "finished" } },
    ];
    for (const variant of variants) expect(chainHash(GENESIS_HASH, variant)).not.toBe(base);
    expect(chainHash("1".repeat(64), row)).not.toBe(base);
    expect(chainHash(GENESIS_HASH, { ...row, details: { from: "not_started", to: "open" } })).toBe(
      base,
    );
  });
});
