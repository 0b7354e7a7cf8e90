import http from "node:http";

export type LoadOptions = {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  /** Body for request number i (lets each request carry a distinct e-mail address, say). */
  body?: (i: number) => string | undefined;
  /** Extra headers for request number i. */
  headersFor?: (i: number) => Record<string, string>;
  connections: number;
  durationMs: number;
  warmupMs?: number;
};

export type LoadResult = {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  statuses: Record<string, number>;
};

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** A small closed-loop load generator: `connections` keep-alive clients, each one request at a time. */
export async function load(o: LoadOptions): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: o.connections });
  const target = new URL(o.url);
  let counter = 0;
  const once = (measure: boolean, latencies: number[], statuses: Record<string, number>) =>
    new Promise<void>((resolve) => {
      const i = counter++;
      const body = o.body?.(i);
      const start = process.hrtime.bigint();
      const req = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: target.pathname + target.search,
          method: o.method ?? "GET",
          headers: {
            ...o.headers,
            ...o.headersFor?.(i),
            ...(body !== undefined ? { "content-length": Buffer.byteLength(body) } : {}),
          },
        },
        (res) => {
          res.resume();
          res.on("end", () => {
            if (measure) {
              latencies.push(Number(process.hrtime.bigint() - start) / 1e6);
              statuses[res.statusCode ?? 0] = (statuses[res.statusCode ?? 0] ?? 0) + 1;
            }
            resolve();
          });
        },
      );
      req.on("error", () => {
        if (measure) statuses.error = (statuses.error ?? 0) + 1;
        resolve();
      });
      if (body !== undefined) req.write(body);
      req.end();
    });

  const run = async (ms: number, measure: boolean) => {
    const latencies: number[] = [];
    const statuses: Record<string, number> = {};
    const end = Date.now() + ms;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: o.connections }, async () => {
        while (Date.now() < end) await once(measure, latencies, statuses);
      }),
    );
    return { latencies, statuses, elapsed: Date.now() - started };
  };

  if (o.warmupMs) await run(o.warmupMs, false);
  const { latencies, statuses, elapsed } = await run(o.durationMs, true);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const errors = Object.entries(statuses)
    .filter(([s]) => s === "error" || Number(s) >= 400)
    .reduce((n, [, c]) => n + c, 0);
  return {
    requests: latencies.length,
    rps: (latencies.length / elapsed) * 1000,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
    statuses,
  };
}
