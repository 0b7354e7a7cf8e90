import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

export type Server = { url: string; stop: () => Promise<void> };

/** Starts the production build on a port with the given environment and waits for health. */
export async function startServer(
  port: number,
  env: Record<string, string>,
  cwd = process.cwd(),
  /** Flags for Node itself, e.g. --cpu-prof (which NODE_OPTIONS may not carry). */
  nodeArgs: string[] = [],
): Promise<Server> {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...nodeArgs,
      path.resolve("node_modules/next/dist/bin/next"),
      "start",
      "-p",
      String(port),
      "-H",
      "127.0.0.1",
    ],
    {
      cwd,
      env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", ...env },
      stdio: ["ignore", "ignore", "inherit"],
      detached: true,
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  const probe = cwd === process.cwd() ? "/api/health" : "/";
  for (;;) {
    try {
      const res = await fetch(`${url}${probe}`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error("server did not start");
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    stop: async () => {
      try {
        process.kill(-child.pid!, "SIGTERM");
      } catch {
        // already gone
      }
      await new Promise((r) => setTimeout(r, 500));
    },
  };
}
