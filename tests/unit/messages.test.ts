import { readdirSync } from "node:fs";
import path from "node:path";
import compile from "icu-minify/compile";
import { describe, expect, it } from "vitest";
import en from "@/i18n/messages/en";
import nl from "@/i18n/messages/nl";
import { allErrorCodes } from "@/lib/errors/codes.shared";

function keys(value: unknown, prefix = ""): string[] {
  if (value === null || typeof value !== "object") return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
    keys(v, prefix ? `${prefix}.${k}` : k),
  );
}

describe("messages", () => {
  it("nl and en have exactly the same keys", () => {
    const nlKeys = keys(nl).sort();
    const enKeys = keys(en).sort();
    expect(nlKeys.filter((k) => !enKeys.includes(k))).toEqual([]);
    expect(enKeys.filter((k) => !nlKeys.includes(k))).toEqual([]);
  });

  it("both languages load the same message files", () => {
    const dir = path.resolve(__dirname, "../../i18n/messages");
    const files = (l: string) => readdirSync(path.join(dir, l)).sort();
    expect(files("en")).toEqual(files("nl"));
    for (const file of files("nl").filter((f) => f.endsWith(".json"))) {
      expect(Object.keys(nl)).toContain(file.replace(/\.json$/, ""));
    }
  });

  it("no message is empty", () => {
    const empty = (m: unknown) =>
      keys(m).filter((k) => {
        const v = k.split(".").reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], m);
        return typeof v !== "string" || v.trim() === "";
      });
    expect(empty(nl)).toEqual([]);
    expect(empty(en)).toEqual([]);
  });

  it("every error code has a translation in both languages", () => {
    for (const code of allErrorCodes) {
      expect(nl.errors.codes).toHaveProperty(String(code));
      expect(en.errors.codes).toHaveProperty(String(code));
    }
  });

  it("uses the product's texts as written", () => {
    expect(nl.home.error).toBe("Er ging iets mis, probeer het later opnieuw");
    expect(en.errors.unknown).toBe("an unknown error occurred");
    expect(en.errors.formFallback).toBe("An unknown error has occurred.");
    expect(nl.errors.codes["8"]).toBe("Dit vereist dat je een admin bent");
  });

  it("texts read without a translator are plain text, which the build's precompilation keeps", () => {
    // next.config.ts compiles every message file in the bundle; a text with an argument or
    // a tag would become a compiled array where lib/auth/schemas.shared.ts and lib/mailings/render.ts
    // expect a string.
    const direct = [
      en.auth.validation,
      nl.auth.validation,
      en.panelMessages.testMail,
      nl.panelMessages.testMail,
    ];
    for (const texts of direct) {
      for (const text of Object.values(texts)) expect(compile(text)).toBe(text);
    }
  });
});
