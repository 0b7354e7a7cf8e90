import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The APP_URL the build in `root`/.next rendered its pages with (next.config.ts hands it to the
 * bundles). A production server with another APP_URL refuses to start, so every server a
 * script, benchmark or test starts on an existing build runs with this one (listening on its
 * own port). `fallback` when there is no build yet.
 */
export function builtAppUrl(fallback: string, root = process.cwd()): string {
  const file = path.join(root, ".next", "required-server-files.json");
  if (!existsSync(file)) return fallback;
  const config = JSON.parse(readFileSync(file, "utf8")).config as { env?: Record<string, string> };
  return config.env?.BUILT_APP_URL || fallback;
}
