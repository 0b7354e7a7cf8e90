import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The APP_URL the current build's pages were rendered with (next.config.ts hands it to the
 * bundles). A benchmark server runs with it, since a production server with another APP_URL
 * refuses to start; `fallback` when there is no build yet (it is then built with `fallback`).
 */
export function builtAppUrl(fallback: string): string {
  const file = path.join(process.cwd(), ".next", "required-server-files.json");
  if (!existsSync(file)) return fallback;
  const config = JSON.parse(readFileSync(file, "utf8")).config as { env?: Record<string, string> };
  return config.env?.BUILT_APP_URL || fallback;
}
