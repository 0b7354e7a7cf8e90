import { spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

export type SenderTotals = { batches: number; sent: number; failed: number };

export type SenderProcess = {
  /** Starts sending (all processes of a run are started at the same moment). */
  go(): void;
  /** Its totals, once nothing is pending any more. */
  done: Promise<SenderTotals>;
};

const root = fileURLToPath(new URL("../..", import.meta.url));

/**
 * Starts `tests/support/sender-process.ts` as a separate process (another app instance) with
 * `env` on top of this process's environment, and resolves once it is connected and waiting.
 */
export async function startSenderProcess(env: Record<string, string>): Promise<SenderProcess> {
  const child = spawn(
    path.join(root, "node_modules/.bin/tsx"),
    ["--conditions=react-server", "tests/support/sender-process.ts"],
    { cwd: root, env: { ...process.env, ...env }, stdio: ["pipe", "pipe", "inherit"] },
  );
  const queue: unknown[] = [];
  const waiting: ((value: unknown) => void)[] = [];
  let failure: Error | undefined;
  const failAll = (error: Error) => {
    failure = error;
    for (const w of waiting.splice(0)) w(error);
  };
  createInterface({ input: child.stdout! }).on("line", (line) => {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return;
    }
    const w = waiting.shift();
    if (w) w(value);
    else queue.push(value);
  });
  child.once("exit", (code) => {
    if (code !== 0) failAll(new Error(`sender process exited with ${code}`));
  });
  child.once("error", (e) => failAll(e));
  const next = () =>
    new Promise<unknown>((resolve, reject) => {
      if (queue.length > 0) return resolve(queue.shift());
      if (failure) return reject(failure);
      waiting.push((value) => (value instanceof Error ? reject(value) : resolve(value)));
    });

  const ready = await next();
  if (!(ready && typeof ready === "object" && "ready" in ready)) {
    throw new Error("sender process did not start");
  }
  return {
    go: () => child.stdin!.write("go\n"),
    done: next() as Promise<SenderTotals>,
  };
}
