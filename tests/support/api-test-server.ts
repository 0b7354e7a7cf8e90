import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type RecordedRequest = { method: string; path: string; body: unknown; contentType: string };
export type Reply = {
  status: number;
  body?: unknown;
  delayMs?: number;
  headers?: Record<string, string>;
};
export type Route = (request: RecordedRequest) => Reply | Promise<Reply>;

/**
 * A real HTTP server on 127.0.0.1 for the browser-side data hooks: each test gives the answers
 * (status and JSON body, optionally late) per "METHOD /path", and reads back what was sent.
 * The page's address is pointed at it, so the hooks' relative paths reach it like the real API.
 */
export type ApiTestServer = {
  origin: string;
  requests: RecordedRequest[];
  on: (route: string, reply: Route | Reply) => void;
  close: () => Promise<void>;
};

async function readBody(req: IncomingMessage): Promise<{ body: unknown; contentType: string }> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  const contentType = req.headers["content-type"] ?? "";
  if (!text) return { body: undefined, contentType };
  return { body: contentType.includes("json") ? JSON.parse(text) : text, contentType };
}

export async function startApiTestServer(): Promise<ApiTestServer> {
  const routes = new Map<string, Route>();
  const requests: RecordedRequest[] = [];
  const server: Server = createServer(async (req, res) => {
    const path = req.url ?? "/";
    const { body, contentType } = await readBody(req);
    const recorded = { method: req.method ?? "GET", path, body, contentType };
    requests.push(recorded);
    const route = routes.get(`${recorded.method} ${path.split("?")[0]}`);
    const reply: Reply = route
      ? await route(recorded)
      : { status: 404, body: { error: { code: 14, message: "Model not found" } } };
    if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
    if (res.destroyed) return;
    res.writeHead(reply.status, {
      ...(reply.body === undefined ? {} : { "content-type": "application/json" }),
      ...reply.headers,
    });
    res.end(reply.body === undefined ? undefined : JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    on: (route, reply) => routes.set(route, typeof reply === "function" ? reply : () => reply),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
