import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
};

export type ProfileSummary = {
  /** "share % name (file:line)", by self time. */
  functions: string[];
  /** "share % package", self time summed per package (or this app's build, or Node itself). */
  packages: string[];
};

/** The busiest profile of the folder: `next start` may run the server in a child process. */
function busiestProfile(dir: string): string | undefined {
  if (!existsSync(dir)) return undefined;
  return readdirSync(dir)
    .filter((f) => f.endsWith(".cpuprofile"))
    .sort((a, b) => statSync(path.join(dir, b)).size - statSync(path.join(dir, a)).size)[0];
}

/** Waits for the profile a stopped server writes as it exits. */
export async function waitForProfile(dir: string, timeoutMs = 20_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (busiestProfile(dir)) {
      // Written in one go at exit; a moment more lets a large one finish.
      await new Promise((r) => setTimeout(r, 1000));
      return true;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

function packageOf(url: string): string {
  if (!url) return "(V8 and Node internals)";
  if (url.startsWith("node:")) return "Node built-ins";
  const nm = url.split("node_modules/").pop()!;
  if (nm !== url) {
    const parts = nm.split("/");
    const name = parts[0].startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
    // Next.js bundles React and its server runtimes into a few large files: name the file.
    if (name === "next") return `next (${parts.slice(1).join("/")})`;
    return name;
  }
  if (url.includes("/.next/")) return "this app's build (.next/)";
  return url;
}

/**
 * Where a V8 CPU profile (`node --cpu-prof`) spent its time, by function and by package, in
 * shares of the non-idle samples.
 */
export function summariseProfile(dir: string, count = 15): ProfileSummary {
  const file = busiestProfile(dir);
  if (!file) return { functions: [], packages: [] };
  const profile = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as {
    nodes: ProfileNode[];
  };
  const self = new Map<string, number>();
  const packages = new Map<string, number>();
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
    const pkg = packageOf(url.replace(/^file:\/\//, ""));
    packages.set(pkg, (packages.get(pkg) ?? 0) + hits);
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([key, hits]) => `${((hits / Math.max(1, total)) * 100).toFixed(1)} % ${key}`);
  return { functions: top(self, count), packages: top(packages, 8) };
}

/** The summary as Markdown, under a title line. */
export function profileMarkdown(title: string, dir: string): string {
  const { functions, packages } = summariseProfile(dir);
  if (functions.length === 0) return `${title}: no profile was written.`;
  const indent = (lines: string[]) => lines.map((l) => `    ${l}`).join("\n");
  return `${title}, self time by package:\n\n${indent(packages)}\n\nand by function:\n\n${indent(functions)}`;
}
