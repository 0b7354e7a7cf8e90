import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * WCAG 2.2 AA: fails the test with the list of violations, if any.
 *
 * Legacy mode runs axe inside the page itself. The default mode gathers partial results in
 * every frame and then opens a new blank page in the browser to combine them: a renderer
 * process started and axe injected twice for each check, which on a loaded two-core machine
 * made a single check take tens of seconds. Its one gain, frames from another origin, does not
 * apply here: no page embeds anything from another origin (tests/e2e/public-safety.spec.ts).
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .setLegacyMode()
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(summary).toEqual([]);
}
