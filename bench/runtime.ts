import { readFileSync } from "node:fs";

/**
 * The Node.js major version the container image runs (`ARG NODE_VERSION` in the Dockerfile), or
 * undefined when the Dockerfile names none.
 */
export function containerNodeMajor(dockerfile: string): number | undefined {
  const match = /^ARG NODE_VERSION=(\d+)\s*$/m.exec(dockerfile);
  return match ? Number(match[1]) : undefined;
}

/**
 * The runtime every server of a run is measured on, as the sections print it. Servers run on the
 * Node that runs the bench, so a run on another major than the container's measures a runtime no
 * deployment of the image serves from, and says so, with the command that measures the right one.
 */
export function runtimeLine(version: string, dockerfile: string): string {
  const major = Number(/^v?(\d+)/.exec(version)?.[1]);
  const container = containerNodeMajor(dockerfile);
  if (container === undefined || container === major) {
    return container === undefined ? `Node ${version}` : `Node ${version} (the container image's)`;
  }
  return `Node ${version}, not the Node ${container} the container image runs (\`npx -y -p node@${container} -- npm run bench\` measures on that one)`;
}

export function currentRuntimeLine(): string {
  return runtimeLine(process.version, readFileSync("Dockerfile", "utf8"));
}
