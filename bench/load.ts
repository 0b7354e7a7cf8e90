import autocannon from "autocannon";

export type LoadOptions = {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  /** Body for request number i (lets each request carry a distinct e-mail address, say). */
  body?: (i: number) => string | undefined;
  /** Extra headers for request number i. */
  headersFor?: (i: number) => Record<string, string>;
  connections: number;
  durationMs: number;
  warmupMs?: number;
  /**
   * Asked after each run until it answers quickly: autocannon stops at the deadline without
   * waiting for the requests in flight, which the server still works through, so the next run
   * would otherwise start behind another run's backlog.
   */
  settleUrl?: string;
  /**
   * Numbers the requests on from an earlier run's (the rounds of a pair), so that no request
   * number, and so no address or e-mail address made from it, comes twice.
   */
  counter?: { n: number };
};

export type LoadResult = {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  /** Connection errors, timeouts and answers other than 2xx. */
  errors: number;
  statuses: Record<string, number>;
};

function once(o: LoadOptions, durationMs: number, counter: { n: number }) {
  const perRequest = Boolean(o.body || o.headersFor);
  return autocannon({
    url: o.url,
    method: o.method ?? "GET",
    headers: o.headers,
    connections: o.connections,
    duration: durationMs / 1000,
    // Requests are never pipelined: one at a time per connection, like browsers and proxies.
    pipelining: 1,
    timeout: 30,
    // Each request gets its own body and headers (distinct addresses, say).
    requests: perRequest
      ? [
          {
            setupRequest: (req) => {
              const i = counter.n++;
              return {
                ...req,
                body: o.body?.(i) ?? req.body,
                headers: { ...req.headers, ...o.headersFor?.(i) },
              };
            },
          },
        ]
      : undefined,
  });
}

async function settle(url: string | undefined): Promise<void> {
  if (!url) return;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const start = Date.now();
    try {
      await (await fetch(url)).arrayBuffer();
    } catch {
      // not answering yet: try again
    }
    if (Date.now() - start < 100) return;
  }
}

/**
 * A closed-loop load run with autocannon: `connections` keep-alive clients, each one request at
 * a time, after a warm-up whose figures are dropped.
 */
export async function load(o: LoadOptions): Promise<LoadResult> {
  const counter = o.counter ?? { n: 0 };
  if (o.warmupMs) {
    await once(o, o.warmupMs, counter);
    await settle(o.settleUrl);
  }
  const r = await once(o, o.durationMs, counter);
  await settle(o.settleUrl);
  const statuses: Record<string, number> = {};
  for (const [code, stat] of Object.entries(r.statusCodeStats ?? {})) {
    statuses[code] = Number((stat as { count: number | string }).count);
  }
  return {
    requests: r.requests.total,
    rps: r.requests.total / (o.durationMs / 1000),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    statuses,
  };
}
