import "server-only";
import { sanitizeRichText } from "@/lib/rich-text/sanitize";
import type { Step } from "./schema.shared";

/** The steps with every text block's HTML passed through the one rich-text sanitiser. */
export function sanitizeSteps(steps: readonly Step[]): Step[] {
  return steps.map((step) => ({
    ...step,
    blocks: step.blocks.map((block) =>
      block.type === "text" ? { ...block, content: sanitizeRichText(block.content) } : block,
    ),
  }));
}
