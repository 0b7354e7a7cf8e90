import { randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server } from "node:http";
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
  /** The e-mails in this request, whichever endpoint it went to. */
  emails: FakeResendEmail[];
  /** What the fake answered. */
  status: number;
};

/** A scripted failure for the next request(s). */
export type FakeFailure = {
  status: number;
  /** JSON error body; Resend's shape `{statusCode, name, message}` when omitted. */
  body?: unknown;
  /** Sent as-is, for a provider answering with something that is not JSON. */
  rawBody?: string;
  retryAfter?: string;
};

export type FakeResend = {
  /** Base URL for `new Resend(key, { baseUrl })`. */
  url: string;
  apiKey: string;
  /** Every request received, in order (failed ones included). */
  requests: FakeResendRequest[];
  /** Every e-mail accepted (2xx), in order. */
  delivered: FakeResendEmail[];
  /** The next `times` requests answer with this failure instead of being accepted. */
  failNext(failure: FakeFailure, times?: number): void;
  reset(): void;
  close(): Promise<void>;
};

const defaultErrorName: Record<number, string> = {
  400: "validation_error",
  401: "missing_api_key",
  403: "invalid_api_key",
  422: "validation_error",
  429: "rate_limit_exceeded",
  500: "internal_server_error",
};

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/**
 * A stand-in for the Resend API on loopback, for tests that drive the real `resend` SDK: it
 * accepts POST /emails and /emails/batch like the provider (ids back, API key checked), records
 * what arrived (headers such as Idempotency-Key included) and answers failures on demand.
 */
export async function startFakeResend(o: { apiKey?: string } = {}): Promise<FakeResend> {
  const apiKey = o.apiKey ?? "re_test_fake_key";
  const requests: FakeResendRequest[] = [];
  const delivered: FakeResendEmail[] = [];
  const failures: FakeFailure[] = [];

  const server: Server = createServer(async (req, res) => {
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
    const record: FakeResendRequest = {
      method: req.method ?? "",
      path,
      headers: req.headers,
      idempotencyKey: req.headers["idempotency-key"] as string | undefined,
      body,
      emails,
      status: 0,
    };
    requests.push(record);

    const answer = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      record.status = status;
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(JSON.stringify(payload));
    };
    const error = (status: number, message: string, name = defaultErrorName[status] ?? "application_error") =>
      answer(status, { statusCode: status, name, message });

    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      return error(403, "API key is invalid", "invalid_api_key");
    }
    const failure = failures.shift();
    if (failure) {
      record.status = failure.status;
      const headers: Record<string, string> = {};
      if (failure.retryAfter !== undefined) headers["retry-after"] = failure.retryAfter;
      if (failure.rawBody !== undefined) {
        res.writeHead(failure.status, { "content-type": "text/html", ...headers });
        res.end(failure.rawBody);
        return;
      }
      return answer(
        failure.status,
        failure.body ?? {
          statusCode: failure.status,
          name: defaultErrorName[failure.status] ?? "application_error",
          message: "Scripted failure",
        },
        headers,
      );
    }
    if (req.method !== "POST" || (path !== "/emails" && path !== "/emails/batch")) {
      return error(404, "Not found", "not_found");
    }
    for (const email of emails) {
      if (!email.from || !Array.isArray(email.to) || email.to.length === 0 || !email.subject) {
        return error(422, "Missing `from`, `to` or `subject`");
      }
    }
    if (path === "/emails/batch" && emails.length > 100) {
      return error(422, "Too many emails in the batch: at most 100");
    }
    const ids = emails.map(() => ({ id: randomUUID() }));
    delivered.push(...emails);
    answer(200, path === "/emails" ? ids[0] : { data: ids });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    requests,
    delivered,
    failNext(failure, times = 1) {
      for (let i = 0; i < times; i++) failures.push(failure);
    },
    reset() {
      requests.length = 0;
      delivered.length = 0;
      failures.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}
