import { createHash, randomUUID } from "node:crypto";
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";

/** One e-mail as the Resend API receives it (snake_case, as the SDK sends it). */
export type FakeResendEmail = {
  from: string;
  to: string[];
  subject: string;
  html?: string;
  text?: string;
  headers?: Record<string, string>;
  [field: string]: unknown;
};

export type FakeResendRequest = {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  idempotencyKey: string | undefined;
  /** The parsed JSON body: one e-mail for /emails, an array for /emails/batch. */
  body: unknown;
  /** SHA-256 of the raw body, to tell a resent request from a changed one. */
  bodyHash: string;
  /** The e-mails in this request, whichever endpoint it went to. */
  emails: FakeResendEmail[];
  /** What the fake answered (0 while it has not answered yet). */
  status: number;
  /** The provider error name of a failed answer, e.g. `rate_limit_exceeded`. */
  errorName?: string;
  /** True when the answer was the stored first answer to the same idempotency key. */
  replayed: boolean;
  /** When the request arrived (ms since the epoch). */
  at: number;
};

/** An e-mail the fake accepted and "sent", with the id it answered. */
export type FakeAcceptedEmail = FakeResendEmail & { id: string; idempotencyKey?: string };

/** A scripted failure for the next request(s). */
export type FakeFailure = {
  status: number;
  /** JSON error body; Resend's shape `{statusCode, name, message}` when omitted. */
  body?: unknown;
  /** Resend's error name, used for the default body. */
  name?: string;
  /** Sent as-is, for a provider answering with something that is not JSON. */
  rawBody?: string;
  retryAfter?: string;
  /** Extra response headers, e.g. ratelimit-reset. */
  headers?: Record<string, string>;
  /** Drop the connection without any answer (a network failure). */
  dropConnection?: boolean;
};

export type FakeResendOptions = {
  apiKey?: string;
  /**
   * The provider's request rate limit: more requests than this within any second are answered
   * 429 with Retry-After and ratelimit-* headers. Unset: no limit.
   */
  requestsPerSecond?: number;
  /** Addresses the provider refuses (besides anything without an "@"). */
  invalidAddresses?: Iterable<string>;
  /** How long each accepted request takes before it is answered. */
  latencyMs?: number;
};

/** A request held in progress until released (see `holdNext`). */
export type HeldRequest = {
  /** Resolves once the held request has arrived. */
  arrived: Promise<FakeResendRequest>;
  release(): void;
};

export type FakeResend = {
  /** Base URL for `new Resend(key, { baseUrl })`. */
  url: string;
  apiKey: string;
  /** Every request received, in order (failed ones included). */
  requests: FakeResendRequest[];
  /** Every e-mail accepted and sent, once each (replays of a key add nothing), in order. */
  delivered: FakeAcceptedEmail[];
  /**
   * The provider's suppression list (lower-cased addresses): what a bounce or a complaint puts
   * there, and `DELETE /suppressions/{email}` takes off (404 `not_found` when not listed).
   */
  suppressions: Set<string>;
  /** The next `times` requests answer with this failure instead of being accepted. */
  failNext(failure: FakeFailure, times?: number): void;
  /** Changes the rate limit, refused addresses or latency from now on. */
  configure(options: Omit<FakeResendOptions, "apiKey">): void;
  /** Keeps the next request that would be accepted in progress until it is released. */
  holdNext(): HeldRequest;
  reset(): void;
  close(): Promise<void>;
};

/**
 * The most requests within any one second, from their arrival times (`at`, in milliseconds)
 * sorted in order: what a configured request rate is checked against.
 */
export function busiestSecond(times: number[]): number {
  let most = 0;
  for (let i = 0; i < times.length; i++) {
    let n = 0;
    while (i + n < times.length && times[i + n] < times[i] + 1000) n++;
    most = Math.max(most, n);
  }
  return most;
}

const defaultErrorName: Record<number, string> = {
  400: "validation_error",
  401: "missing_api_key",
  403: "invalid_api_key",
  409: "invalid_idempotent_request",
  422: "validation_error",
  429: "rate_limit_exceeded",
  500: "internal_server_error",
};

/** How long the provider remembers an idempotency key and its first answer. */
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

type Answer = { status: number; payload: unknown; headers: Record<string, string> };

function error(
  status: number,
  message: string,
  name = defaultErrorName[status] ?? "application_error",
  headers: Record<string, string> = {},
): Answer {
  return { status, payload: { statusCode: status, name, message }, headers };
}
type KeyRecord = { bodyHash: string; at: number; answer?: Answer };

/**
 * A stand-in for the Resend API on loopback, for tests and benchmarks that drive the real
 * `resend` SDK. It behaves like the provider where our sender depends on it:
 * - POST /emails and /emails/batch (at most 100), API key checked, ids answered;
 * - idempotency keys: the same key with the same body within 24 hours answers the first
 *   answer again and sends nothing; while the first request with a key is still in progress,
 *   409 `concurrent_idempotent_requests`; the same key with another body, 409
 *   `invalid_idempotent_request`; only accepted requests are remembered;
 * - batch validation: strict (the default) refuses the whole batch with 422 when one address is
 *   invalid; permissive (`x-batch-validation: permissive`) sends the valid ones and lists the
 *   others by index in `errors`, with a message that quotes the address as providers do;
 * - a request rate limit per second, answered 429 with Retry-After and ratelimit-* headers;
 * - a suppression list that `DELETE /suppressions/{email or id}` takes an address off;
 * - scripted failures (any status, a non-JSON body, a dropped connection).
 * Every request is logged with its arrival time, body hash, key and answer.
 */
export async function startFakeResend(o: FakeResendOptions = {}): Promise<FakeResend> {
  const apiKey = o.apiKey ?? "re_test_fake_key";
  const requests: FakeResendRequest[] = [];
  const delivered: FakeAcceptedEmail[] = [];
  const suppressions = new Set<string>();
  const failures: FakeFailure[] = [];
  const keys = new Map<string, KeyRecord>();
  const admitted: number[] = [];
  const held: { resolve: (r: FakeResendRequest) => void; wait: Promise<void> }[] = [];
  let requestsPerSecond = o.requestsPerSecond;
  let invalid = new Set([...(o.invalidAddresses ?? [])].map((a) => a.toLowerCase()));
  let latencyMs = o.latencyMs ?? 0;

  const isInvalid = (address: string) =>
    invalid.has(address.toLowerCase()) || !/^[^@\s]+@[^@\s]+$/.test(address);

  /** Sliding one-second window over the requests let through. */
  function rateLimitHeaders(now: number): { headers: Record<string, string>; limited: boolean } {
    if (requestsPerSecond === undefined) return { headers: {}, limited: false };
    while (admitted.length > 0 && admitted[0] <= now - 1000) admitted.shift();
    const limit = requestsPerSecond;
    const limited = admitted.length >= limit;
    if (!limited) admitted.push(now);
    const reset =
      admitted.length > 0 ? Math.max(1, Math.ceil((admitted[0] + 1000 - now) / 1000)) : 1;
    return {
      limited,
      headers: {
        "ratelimit-limit": String(limit),
        "ratelimit-remaining": String(Math.max(0, limit - admitted.length)),
        "ratelimit-reset": String(reset),
        ...(limited ? { "retry-after": String(reset) } : {}),
      },
    };
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    // Arrival is when the request starts, not when its (perhaps large) body has been read.
    const at = Date.now();
    const raw = await readBody(req);
    let body: unknown = undefined;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      body = raw;
    }
    const path = (req.url ?? "/").split("?")[0];
    const emails: FakeResendEmail[] =
      path === "/emails/batch" && Array.isArray(body)
        ? (body as FakeResendEmail[])
        : path === "/emails" && body && typeof body === "object"
          ? [body as FakeResendEmail]
          : [];
    const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
    const record: FakeResendRequest = {
      method: req.method ?? "",
      path,
      headers: req.headers,
      idempotencyKey,
      body,
      bodyHash: createHash("sha256").update(raw).digest("hex"),
      emails,
      status: 0,
      replayed: false,
      at,
    };
    requests.push(record);

    const answer = (a: Answer) => {
      record.status = a.status;
      const p = a.payload as { name?: unknown } | undefined;
      if (a.status >= 400 && typeof p?.name === "string") record.errorName = p.name;
      res.writeHead(a.status, { "content-type": "application/json", ...a.headers });
      res.end(JSON.stringify(a.payload));
    };

    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      return answer(error(403, "API key is invalid", "invalid_api_key"));
    }
    const failure = failures.shift();
    if (failure) {
      record.status = failure.status;
      if (failure.dropConnection) {
        req.socket.destroy();
        return;
      }
      const headers: Record<string, string> = { ...failure.headers };
      if (failure.retryAfter !== undefined) headers["retry-after"] = failure.retryAfter;
      if (failure.rawBody !== undefined) {
        res.writeHead(failure.status, { "content-type": "text/html", ...headers });
        res.end(failure.rawBody);
        return;
      }
      const name = failure.name ?? defaultErrorName[failure.status] ?? "application_error";
      return answer({
        status: failure.status,
        payload: failure.body ?? { statusCode: failure.status, name, message: "Scripted failure" },
        headers,
      });
    }
    const rate = rateLimitHeaders(at);
    if (rate.limited) {
      return answer(
        error(
          429,
          "Too many requests. You can only make a few requests per second.",
          "rate_limit_exceeded",
          rate.headers,
        ),
      );
    }
    const suppression = /^\/suppressions\/([^/]+)$/.exec(path);
    if (req.method === "DELETE" && suppression) {
      const address = decodeURIComponent(suppression[1]).toLowerCase();
      if (!suppressions.delete(address)) {
        return answer(error(404, "Suppression not found", "not_found", rate.headers));
      }
      return answer({
        status: 200,
        payload: { object: "suppression", id: randomUUID(), deleted: true },
        headers: rate.headers,
      });
    }
    if (req.method !== "POST" || (path !== "/emails" && path !== "/emails/batch")) {
      return answer(error(404, "Not found", "not_found", rate.headers));
    }

    let keyRecord: KeyRecord | undefined;
    if (idempotencyKey) {
      const known = keys.get(idempotencyKey);
      if (known && at - known.at < IDEMPOTENCY_TTL_MS) {
        if (known.bodyHash !== record.bodyHash) {
          return answer(
            error(
              409,
              "Same idempotency key used with a different request payload.",
              "invalid_idempotent_request",
              rate.headers,
            ),
          );
        }
        if (!known.answer) {
          return answer(
            error(
              409,
              "Same idempotency key used while original request is still in progress.",
              "concurrent_idempotent_requests",
              rate.headers,
            ),
          );
        }
        record.replayed = true;
        return answer({ ...known.answer, headers: { ...known.answer.headers, ...rate.headers } });
      }
      keyRecord = { bodyHash: record.bodyHash, at };
      keys.set(idempotencyKey, keyRecord);
    }

    const hold = held.shift();
    if (hold) {
      hold.resolve(record);
      await hold.wait;
    }
    if (latencyMs > 0) await new Promise((r) => setTimeout(r, latencyMs));

    const { accepted, ...result } = evaluate(
      path,
      req.headers["x-batch-validation"],
      emails,
      rate.headers,
    );
    if (result.status < 300) {
      if (keyRecord) keyRecord.answer = result;
      delivered.push(...(accepted ?? []).map((a) => ({ ...a.email, id: a.id, idempotencyKey })));
    } else if (idempotencyKey) {
      // A refused request is not remembered: it may be corrected and sent again.
      keys.delete(idempotencyKey);
    }
    answer(result);
  }

  function evaluate(
    path: string,
    validation: string | string[] | undefined,
    emails: FakeResendEmail[],
    headers: Record<string, string>,
  ): Answer & { accepted?: { id: string; email: FakeResendEmail }[] } {
    for (const email of emails) {
      if (!email.from || !Array.isArray(email.to) || email.to.length === 0 || !email.subject) {
        return error(422, "Missing `from`, `to` or `subject`", "validation_error", headers);
      }
    }
    if (path === "/emails/batch" && emails.length > 100) {
      return error(422, "Too many emails in the batch: at most 100", "validation_error", headers);
    }
    const refusal = (email: FakeResendEmail) => {
      const bad = email.to.find(isInvalid);
      return bad ? `Invalid \`to\` field: ${bad} is not a valid email address.` : undefined;
    };
    if (path === "/emails") {
      const reason = refusal(emails[0]);
      if (reason) return error(422, reason, "validation_error", headers);
      const id = randomUUID();
      return { status: 200, payload: { id }, headers, accepted: [{ id, email: emails[0] }] };
    }
    const permissive = validation === "permissive";
    const reasons = emails.map(refusal);
    if (!permissive) {
      const first = reasons.find((r) => r !== undefined);
      if (first) return error(422, first, "validation_error", headers);
    }
    const accepted = emails
      .map((email, index) => ({ email, index, id: randomUUID() }))
      .filter((a) => reasons[a.index] === undefined);
    const payload: Record<string, unknown> = { data: accepted.map((a) => ({ id: a.id })) };
    if (permissive) {
      payload.errors = reasons.flatMap((message, index) =>
        message === undefined ? [] : [{ index, message }],
      );
    }
    return { status: 200, payload, headers, accepted };
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    requests,
    delivered,
    suppressions,
    failNext(failure, times = 1) {
      for (let i = 0; i < times; i++) failures.push(failure);
    },
    configure(options) {
      if ("requestsPerSecond" in options) requestsPerSecond = options.requestsPerSecond;
      if (options.invalidAddresses)
        invalid = new Set([...options.invalidAddresses].map((a) => a.toLowerCase()));
      if (options.latencyMs !== undefined) latencyMs = options.latencyMs;
    },
    holdNext() {
      let release!: () => void;
      const wait = new Promise<void>((r) => (release = r));
      let resolve!: (r: FakeResendRequest) => void;
      const arrived = new Promise<FakeResendRequest>((r) => (resolve = r));
      held.push({ resolve, wait });
      return { arrived, release };
    },
    reset() {
      requests.length = 0;
      delivered.length = 0;
      suppressions.clear();
      failures.length = 0;
      keys.clear();
      admitted.length = 0;
      held.length = 0;
      requestsPerSecond = o.requestsPerSecond;
      invalid = new Set([...(o.invalidAddresses ?? [])].map((a) => a.toLowerCase()));
      latencyMs = o.latencyMs ?? 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}
