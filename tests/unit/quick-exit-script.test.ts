import { createHash } from "node:crypto";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { QuickExitScript } from "@/components/public/quick-exit-script";
import { pageCsp } from "@/lib/http/page-csp.shared";
import { QUICK_EXIT_SCRIPT, QUICK_EXIT_SCRIPT_SHA256 } from "@/lib/quick-exit/script.shared";

describe("the quick exit's inline script", () => {
  it("is allowed by the hash the nonce pages' policy carries, which is the hash of its text", () => {
    const digest = createHash("sha256").update(QUICK_EXIT_SCRIPT, "utf8").digest("base64");
    expect(QUICK_EXIT_SCRIPT_SHA256).toBe(`'sha256-${digest}'`);
    expect(pageCsp({ production: true, nonce: "n" })).toContain(QUICK_EXIT_SCRIPT_SHA256);
  });

  it("is served exactly as that text, so the hash holds for what the browser reads", () => {
    expect(renderToStaticMarkup(createElement(QuickExitScript))).toBe(
      `<script>${QUICK_EXIT_SCRIPT}</script>`,
    );
  });

  it("is left out of the static pages' policy, where a hash would turn 'unsafe-inline' off", () => {
    expect(pageCsp({ production: true })).not.toContain("sha256-");
  });

  it("cannot end its own script element or be parsed differently as HTML", () => {
    expect(QUICK_EXIT_SCRIPT).not.toMatch(/<\/script|<!--/i);
    expect(() => new Function(QUICK_EXIT_SCRIPT)).not.toThrow();
  });
});
