import { spawn, type ChildProcess } from "node:child_process";

/**
 * A server process a test starts beside the main e2e server (on the same production build), in
 * its own process group so that stopping it also stops `next start` under it. `ready` is asked
 * of each answer to `readyPath` until it says the server is up.
 */
export async function startSecondServer({
  args,
  env,
  cwd,
  baseURL,
  readyPath = "/api/health",
  ready = (res) => res.ok,
  cleanUp = async () => {},
}: {
  args: string[];
  env: NodeJS.ProcessEnv;
  /** The project folder it runs in: this one unless given. */
  cwd?: string;
  baseURL: string;
  readyPath?: string;
  ready?: (res: Response) => boolean;
  cleanUp?: () => Promise<void>;
}): Promise<{ stop: () => Promise<void> }> {
  const server: ChildProcess = spawn("npx", args, {
    detached: true,
    stdio: ["ignore", "inherit", "inherit"],
    env,
    cwd,
  });
  let exited = false;
  server.on("exit", () => (exited = true));

  const stop = async () => {
    if (!exited && server.pid) {
      try {
        process.kill(-server.pid, "SIGTERM");
      } catch {
        // Already gone.
      }
      await new Promise<void>((resolve) => {
        if (exited) return resolve();
        const timer = setTimeout(resolve, 10_000);
        server.on("exit", () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    await cleanUp();
  };

  const deadline = Date.now() + 150_000;
  for (;;) {
    if (exited) {
      await stop();
      throw new Error("the second app server exited during start");
    }
    try {
      if (ready(await fetch(`${baseURL}${readyPath}`))) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the second app server did not answer on ${baseURL} in time`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { stop };
}
