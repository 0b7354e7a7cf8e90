import { parseConfig, type AppConfig } from "@/config";

// The key config caches the parsed configuration under (see getConfig).
const cacheKey = Symbol.for("research-panel.config");

/**
 * Runs `work` with the configuration parsed from the test environment plus `overrides`, the
 * way a restarted server with those variables would see it, then puts the previous one back.
 */
export async function withEnv<T>(
  overrides: Record<string, string | undefined>,
  work: () => Promise<T> | T,
): Promise<T> {
  const g = globalThis as { [cacheKey]?: AppConfig };
  const before = g[cacheKey];
  g[cacheKey] = parseConfig({ ...process.env, ...overrides });
  try {
    return await work();
  } finally {
    g[cacheKey] = before;
  }
}
