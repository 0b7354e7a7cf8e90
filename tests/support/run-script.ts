import { spawn } from "node:child_process";
import path from "node:path";

export type ScriptRun = { code: number | null; stdout: string; stderr: string };

/**
 * Runs `script` (a path under scripts/) as `npm run` does, in a process of its own, on the
 * embedded database in `pgliteDir`, with `stdin` as its input; answers its exit code and what
 * it printed.
 */
export function runScript(
  script: string,
  args: string[],
  pgliteDir: string,
  stdin = "",
): Promise<ScriptRun> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [path.resolve("node_modules/tsx/dist/cli.mjs"), "--conditions=react-server", script, ...args],
      { env: { ...process.env, PGLITE_DIR: pgliteDir, DATABASE_URL: "" }, stdio: "pipe" },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += String(d)));
    child.stderr.on("data", (d) => (stderr += String(d)));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}
