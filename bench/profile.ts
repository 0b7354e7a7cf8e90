import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
};

/**
 * The functions where a V8 CPU profile (`node --cpu-prof`) spent most of its own time, as
 * "share % name (file:line)", grouped by function and file.
 */
export function topFunctions(dir: string, count = 15): string[] {
  // `next start` may run the server in a child process: the busiest profile is the server's.
  const file = readdirSync(dir)
    .filter((f) => f.endsWith(".cpuprofile"))
    .sort((a, b) => statSync(path.join(dir, b)).size - statSync(path.join(dir, a)).size)[0];
  if (!file) return [];
  const profile = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as {
    nodes: ProfileNode[];
  };
  const self = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    // Time spent waiting for requests is not work.
    if (node.callFrame.functionName === "(idle)") continue;
    const hits = node.hitCount ?? 0;
    total += hits;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url
      ? `${url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*\/\.next\//, ".next/")}:${lineNumber + 1}`
      : "";
    const key = `${functionName || "(anonymous)"}${where ? ` (${where})` : ""}`;
    self.set(key, (self.get(key) ?? 0) + hits);
  }
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, hits]) => `${((hits / Math.max(1, total)) * 100).toFixed(1)} % ${key}`);
}
