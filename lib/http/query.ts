import "server-only";
import { invalidField } from "@/lib/errors/app-error";

/**
 * The query as one value per name. A name given twice is refused rather than resolved one way
 * or the other (parameter pollution: a proxy and this app could read different values).
 */
export function queryOf(url: URL, validated: boolean): Record<string, string> {
  const query = new Map<string, string>();
  for (const [key, value] of url.searchParams.entries()) {
    if (validated && query.has(key)) {
      throw invalidField(key, "Given more than once");
    }
    query.set(key, value);
  }
  return Object.fromEntries(query);
}
