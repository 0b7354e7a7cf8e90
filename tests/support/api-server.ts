/**
 * Another app instance for tests of several instances on one Postgres: serves every route
 * handler under app/api over HTTP, as `next start` would route them (static segments before
 * dynamic ones, the catch-all last), configured by the environment like the app (DATABASE_URL,
 * TRUST_PROXY, secrets). Listens on PORT (0: any free port) and prints `{"port": n}` once the
 * database answers. Runs the background jobs as a Node host does (instrumentation.ts) unless
 * DISABLE_BACKGROUND_JOBS says not to. Run with:
 * tsx --conditions=react-server tests/support/api-server.ts
 */
import { readdirSync, statSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { getDatabase } from "@/db/client";
import { startBackgroundJobs } from "@/lib/jobs";

type Handler = (
  req: Request,
  ctx: { params: Promise<Record<string, string | string[]>> },
) => Promise<Response>;
type Route = {
  pattern: string[];
  rank: number;
  handlers: Record<string, Handler>;
};

const apiRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), "../../app/api");

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return name === "route.ts" ? [full] : [];
  });
}

const routes: Route[] = [];
for (const file of routeFiles(apiRoot)) {
  const pattern = ["api", ...path.relative(apiRoot, path.dirname(file)).split(path.sep)].filter(
    Boolean,
  );
  const mod = (await import(file)) as Record<string, unknown>;
  const handlers: Record<string, Handler> = {};
  for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
    if (typeof mod[method] === "function") handlers[method] = mod[method] as Handler;
  }
  // Fewer dynamic segments first, the catch-all last: the order Next.js matches in.
  const rank = pattern.reduce(
    (sum, s) => sum + (s.startsWith("[...") ? 1000 : s.startsWith("[") ? 1 : 0),
    0,
  );
  routes.push({ pattern, rank, handlers });
}
routes.sort((a, b) => a.rank - b.rank);

function match(segments: string[]): { route: Route; params: Record<string, string | string[]> } {
  for (const route of routes) {
    const params: Record<string, string | string[]> = {};
    let ok = true;
    for (let i = 0; i < route.pattern.length && ok; i++) {
      const p = route.pattern[i];
      if (p.startsWith("[...")) {
        params[p.slice(4, -1)] = segments.slice(i);
        return segments.length > i ? { route, params } : { route: routes.at(-1)!, params };
      }
      if (i >= segments.length) ok = false;
      else if (p.startsWith("[")) params[p.slice(1, -1)] = segments[i];
      else ok = p === segments[i];
    }
    if (ok && segments.length === route.pattern.length) return { route, params };
  }
  return { route: routes.at(-1)!, params: { path: segments.slice(1) } };
}

function toRequest(req: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(new URL(req.url ?? "/", origin), {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    // @ts-expect-error -- Node's fetch needs this for a streamed request body.
    duplex: "half",
  });
}

const database = await getDatabase();
await database.db.execute("select 1");
await startBackgroundJobs();

const server = createServer(async (req, res) => {
  try {
    const url = new URL(req.url ?? "/", "http://localhost");
    const segments = url.pathname
      .split("/")
      .filter(Boolean)
      .map((s) => decodeURIComponent(s));
    const { route, params } = match(segments);
    const handler = route.handlers[req.method ?? "GET"];
    const response = handler
      ? await handler(toRequest(req, process.env.APP_URL ?? "http://localhost:3000"), {
          params: Promise.resolve(params),
        })
      : new Response(null, { status: 405 });
    const headers: Record<string, string | string[]> = Object.fromEntries(response.headers);
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) headers["set-cookie"] = cookies;
    res.writeHead(response.status, headers);
    res.end(Buffer.from(await response.arrayBuffer()));
  } catch (error) {
    console.error(error);
    res.writeHead(500).end();
  }
});
server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  console.log(JSON.stringify({ port: (server.address() as AddressInfo).port }));
});
