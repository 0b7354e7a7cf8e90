import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EarlySubmit } from "@/components/public/early-submit";
import { QuickExitScript } from "@/components/public/quick-exit-script";
import { pageCsp } from "@/lib/http/page-csp.shared";
import { EARLY_SUBMIT_SCRIPT, EARLY_SUBMIT_SCRIPT_SHA256 } from "@/lib/early-submit/script.shared";
import { QUICK_EXIT_SCRIPT, QUICK_EXIT_SCRIPT_SHA256 } from "@/lib/quick-exit/script.shared";

/**
 * Every inline script every page carries: the file of the component that renders it, the
 * component, its text and the hash the nonce pages' CSP allows.
 */
const SCRIPTS: [string, ComponentType, string, string][] = [
  ["public/quick-exit-script.tsx", QuickExitScript, QUICK_EXIT_SCRIPT, QUICK_EXIT_SCRIPT_SHA256],
  ["public/early-submit.tsx", EarlySubmit, EARLY_SUBMIT_SCRIPT, EARLY_SUBMIT_SCRIPT_SHA256],
];

describe("the inline scripts every page carries", () => {
  it("are all in the table: every component that renders inline script text, and only those", () => {
    const dir = path.resolve(__dirname, "../../components");
    const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) =>
      f.endsWith(".tsx"),
    );
    const inline = files.filter((f) =>
      /<script dangerouslySetInnerHTML/.test(readFileSync(path.join(dir, f), "utf8")),
    );
    expect(inline.length).toBeGreaterThan(0);
    expect(inline.sort()).toEqual(SCRIPTS.map(([file]) => file).sort());
  });

  describe.each(SCRIPTS)("%s", (_name, component, text, sha256) => {
    it("is allowed by the hash the nonce pages' policy carries, which is the hash of its text", () => {
      const digest = createHash("sha256").update(text, "utf8").digest("base64");
      expect(sha256).toBe(`'sha256-${digest}'`);
      expect(pageCsp({ production: true, nonce: "n" })).toContain(sha256);
    });

    it("is served exactly as that text, so the hash holds for what the browser reads", () => {
      expect(renderToStaticMarkup(createElement(component))).toBe(`<script>${text}</script>`);
    });

    it("cannot end its own script element or be parsed differently as HTML", () => {
      expect(text).not.toMatch(/<\/script|<!--/i);
      expect(() => new Function(text)).not.toThrow();
    });
  });

  it("are left out of the static pages' policy, where a hash would turn 'unsafe-inline' off", () => {
    expect(pageCsp({ production: true })).not.toContain("sha256-");
  });
});
