import "server-only";
import { hasLoneSurrogate } from "@/lib/validation/lone-surrogates";

/**
 * Why a string cannot be stored in a Postgres text or jsonb column (the write would fail with a
 * 500): U+0000, which no text column holds, or half of a UTF-16 surrogate pair, which JSON.parse
 * lets through but is no Unicode text at all. Null when it can.
 */
function unstorable(text: string): string | null {
  if (text.includes("\0")) return "Contains a NUL character";
  if (hasLoneSurrogate(text)) return "Contains text that is not valid Unicode";
  return null;
}

/**
 * The first string (value or key) that cannot be stored, with its path and why; walked without
 * recursion, as bodies may nest deeply.
 */
export function unstorableTextAt(value: unknown): { path: string; problem: string } | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: "" }];
  while (stack.length > 0) {
    const { value: v, path } = stack.pop()!;
    if (typeof v === "string") {
      const problem = unstorable(v);
      if (problem) return { path: path || "_", problem };
    } else if (v instanceof FormData) {
      for (const [key, entry] of v.entries()) {
        stack.push({ value: typeof entry === "string" ? entry : entry.name, path: key });
      }
    } else if (v && typeof v === "object") {
      for (const [key, entry] of Object.entries(v)) {
        const keyPath = path ? `${path}.${key}` : key;
        const problem = unstorable(key);
        if (problem) return { path: keyPath, problem };
        stack.push({ value: entry, path: keyPath });
      }
    }
  }
  return null;
}
