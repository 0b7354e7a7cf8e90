import "server-only";
import type { Condition, VisibleIf } from "@/lib/surveys/conditions.shared";
import { conditionParts } from "@/lib/surveys/conditions.shared";

/**
 * A question's condition in words for the codebook (English, like its headers): the data names
 * the condition reads, its ops in plain words, values quoted when they are text. A block in a
 * step with a condition is shown when both hold.
 */

function valueText(value: Condition["value"]): string {
  return typeof value === "number" ? String(value) : JSON.stringify(value ?? "");
}

export function comparisonInWords(c: Condition): string {
  const v = valueText(c.value);
  switch (c.op) {
    case "equals":
      return `${c.data_name} is ${v}`;
    case "not_equals":
      return `${c.data_name} is not ${v}`;
    case "includes":
      return `${c.data_name} includes ${v}`;
    case "excludes":
      return `${c.data_name} does not include ${v}`;
    case "gte":
      return `${c.data_name} is at least ${v}`;
    case "lte":
      return `${c.data_name} is at most ${v}`;
    case "answered":
      return `${c.data_name} is answered`;
    case "not_answered":
      return `${c.data_name} is not answered`;
  }
}

export function conditionInWords(visibleIf: VisibleIf): string {
  const { combine, conditions } = conditionParts(visibleIf);
  return conditions.map(comparisonInWords).join(combine === "all" ? " and " : " or ");
}

/** "always" without conditions; otherwise the step's and the block's, joined by "and". */
export function shownIfInWords(
  stepVisibleIf: VisibleIf | undefined,
  blockVisibleIf: VisibleIf | undefined,
): string {
  const parts = [stepVisibleIf, blockVisibleIf].filter((v): v is VisibleIf => v !== undefined);
  if (parts.length === 0) return "always";
  if (parts.length === 1) return conditionInWords(parts[0]);
  return parts.map((p) => `(${conditionInWords(p)})`).join(" and ");
}
