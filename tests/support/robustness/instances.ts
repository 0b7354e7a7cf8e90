import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../..", import.meta.url));

export type Instance = { origin: string; stop: () => Promise<void> };

/**
 * Starts `tests/support/api-server.ts` as a separate process: one more app instance on the
 * database at `databaseUrl`, with this process's environment otherwise (`env` on top).
 */
export async function startInstance(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<Instance> {
  const child: ChildProcess = spawn(
    path.join(root, "node_modules/.bin/tsx"),
    ["--conditions=react-server", "tests/support/api-server.ts"],
    {
      cwd: root,
      env: { ...process.env, ...env, DATABASE_URL: databaseUrl, PORT: "0" },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("instance did not start in 60 s")), 60_000);
    child.once("exit", (code) => reject(new Error(`instance exited with ${code}`)));
    createInterface({ input: child.stdout! }).on("line", (line) => {
      try {
        const value = JSON.parse(line) as { port?: number };
        if (value.port) {
          clearTimeout(timer);
          resolve(value.port);
        }
      } catch {
        // Log lines of the instance; only its port line matters here.
      }
    });
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

export type HttpResult = {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- asserted field by field
  body: any;
  setCookies: string[];
};

/** A browser-like request to an instance: same-origin Origin, and a client address. */
export async function request(
  instance: Instance,
  method: string,
  pathname: string,
  o: { body?: unknown; cookie?: string; ip?: string } = {},
): Promise<HttpResult> {
  const headers: Record<string, string> = {
    origin: process.env.APP_URL ?? "http://localhost:3000",
    "x-forwarded-for": o.ip ?? "192.0.2.50",
  };
  if (o.cookie) headers.cookie = o.cookie;
  if (o.body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${instance.origin}${pathname}`, {
    method,
    headers,
    body: o.body === undefined ? undefined : JSON.stringify(o.body),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text ? JSON.parse(text) : undefined,
    setCookies: res.headers.getSetCookie(),
  };
}
