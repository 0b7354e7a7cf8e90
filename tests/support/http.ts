type Handler = (
  req: Request,
  ctx: { params: Promise<Record<string, string | string[] | undefined>> },
) => Promise<Response> | Response;

export const APP_ORIGIN = "http://localhost:3000";

export type CallOptions = {
  method?: string;
  path?: string;
  body?: unknown;
  rawBody?: string | FormData;
  params?: Record<string, string | string[]>;
  cookie?: string;
  origin?: string | null;
  /** The Host header; the app's own by default, as a browser addressing it would send. */
  host?: string | null;
  headers?: Record<string, string>;
  ip?: string;
};

export type CallResult<T = unknown> = {
  status: number;
  body: T;
  headers: Headers;
  text: string;
  setCookies: string[];
};

/**
 * Calls a route handler the way Next.js would, with a same-origin browser's headers (Origin and
 * Host) and an X-Forwarded-For entry, which counts only where TRUST_PROXY=1.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test bodies are asserted field by field
export async function call<T = any>(handler: Handler, o: CallOptions = {}): Promise<CallResult<T>> {
  const method = o.method ?? (o.body !== undefined || o.rawBody !== undefined ? "POST" : "GET");
  const headers = new Headers(o.headers);
  if (o.origin !== null) headers.set("origin", o.origin ?? APP_ORIGIN);
  if (o.host !== null && !headers.has("host"))
    headers.set("host", o.host ?? new URL(APP_ORIGIN).host);
  if (o.cookie) headers.set("cookie", o.cookie);
  headers.set("x-forwarded-for", o.ip ?? "203.0.113.7");
  let body: BodyInit | undefined;
  if (o.rawBody !== undefined) body = o.rawBody;
  else if (o.body !== undefined) {
    body = JSON.stringify(o.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  const req = new Request(`${APP_ORIGIN}${o.path ?? "/api/test"}`, { method, headers, body });
  const res = await handler(req, { params: Promise.resolve(o.params ?? {}) });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  return {
    status: res.status,
    body: parsed as T,
    headers: res.headers,
    text,
    setCookies: res.headers.getSetCookie(),
  };
}

/** "name=value" for a Cookie header from a Set-Cookie line. */
export function cookieFrom(setCookies: string[], name: string): string | undefined {
  const line = setCookies.find((c) => c.startsWith(`${name}=`));
  return line?.split(";")[0];
}
