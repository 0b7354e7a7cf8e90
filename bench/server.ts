import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

export type Server = { url: string; stop: () => Promise<void> };

export type ServerOptions = {
  /**
   * What Node runs after its own flags; `next start` on the port when left out. The standalone
   * server (`server.js`, run in `.next/standalone`) takes its port from the environment.
   */
  script?: string[];
  /** Receives the server's standard output (e.g. what `--trace-gc` prints); ignored otherwise. */
  onOutput?: (text: string) => void;
  /** Receives the server's standard error (its error log lines); passed through otherwise. */
  onErrorOutput?: (text: string) => void;
};

/** Starts the production build on a port with the given environment and waits for health. */
export async function startServer(
  port: number,
  env: Record<string, string>,
  cwd = process.cwd(),
  /** Flags for Node itself, e.g. --cpu-prof (which NODE_OPTIONS may not carry). */
  nodeArgs: string[] = [],
  { script, onOutput, onErrorOutput }: ServerOptions = {},
): Promise<Server> {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...nodeArgs,
      ...(script ?? [
        path.resolve("node_modules/next/dist/bin/next"),
        "start",
        "-p",
        String(port),
        "-H",
        "127.0.0.1",
      ]),
    ],
    {
      cwd,
      env: {
        ...process.env,
        NODE_ENV: "production",
        NEXT_TELEMETRY_DISABLED: "1",
        PORT: String(port),
        HOSTNAME: "127.0.0.1",
        ...env,
      },
      stdio: ["ignore", onOutput ? "pipe" : "ignore", onErrorOutput ? "pipe" : "inherit"],
      detached: true,
    },
  );
  if (onOutput) {
    child.stdout!.setEncoding("utf8");
    child.stdout!.on("data", onOutput);
  }
  if (onErrorOutput) {
    child.stderr!.setEncoding("utf8");
    child.stderr!.on("data", onErrorOutput);
  }
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  const probe = cwd === process.cwd() || script ? "/api/health" : "/";
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
