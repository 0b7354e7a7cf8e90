import { describe, expect, it } from "vitest";
import fc from "fast-check";
// Both copies patch-package changes (patches/next+16.4.6.patch): the build bundles the ES module
// one into the pages' server chunks; the CommonJS one is what Next.js's own server requires.
import * as cjs from "next/dist/server/lib/etag.js";

type EtagModule = {
  fnv1a52: (s: string) => number;
  generateETag: (payload: string, weak?: boolean) => string;
};

// Next.js ships no types for its ES module copy; it has the CommonJS copy's exports.
const esm = (await import(
  /* @vite-ignore */ "next/dist/esm/server/lib/etag.js" as string
)) as EtagModule;

/** The tag Next.js computed before the patch, for comparison. */
function unpatchedTag(m: EtagModule, payload: string, weak = false): string {
  return `${weak ? 'W/"' : '"'}${m.fnv1a52(payload).toString(36)}${payload.length.toString(36)}"`;
}

/** Counts the characters read from strings while `run` runs (the hash reads every one). */
function charactersRead(run: () => void): number {
  const original = String.prototype.charCodeAt;
  let reads = 0;
  String.prototype.charCodeAt = function (this: string, index: number) {
    reads++;
    return original.call(this, index);
  };
  try {
    run();
  } finally {
    String.prototype.charCodeAt = original;
  }
  return reads;
}

describe.each([
  ["ES module", esm as EtagModule],
  ["CommonJS", cjs as EtagModule],
])("Next.js's page ETag (%s copy, patched)", (_name, m) => {
  it("hashes a payload once: sending the same page again reads none of it", () => {
    const page = `<!DOCTYPE html>${"<p>Onderzoek naar seksueel geweld</p>".repeat(600)}${Math.random()}`;
    const first = charactersRead(() => m.generateETag(page));
    expect(first).toBe(page.length);
    const again = charactersRead(() => m.generateETag(page));
    expect(again).toBe(0);
    expect(m.generateETag(page)).toBe(unpatchedTag(m, page));
  });

  it("gives every payload the tag Next.js gave it before, weak or strong, kept or dropped", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.string({ maxLength: 40 }), fc.boolean()), { maxLength: 200 }),
        (calls) => {
          for (const [payload, weak] of calls) {
            expect(m.generateETag(payload, weak)).toBe(unpatchedTag(m, payload, weak));
          }
        },
      ),
    );
  });

  it("keeps the tags of the 64 payloads hashed last, and hashes an older one again", () => {
    const old = `old page ${Math.random()}`;
    m.generateETag(old);
    for (let i = 0; i < 63; i++) m.generateETag(`other page ${i} ${Math.random()}`);
    expect(charactersRead(() => m.generateETag(old))).toBe(0);
    m.generateETag(`one more page ${Math.random()}`);
    expect(charactersRead(() => m.generateETag(old))).toBe(old.length);
  });
});
