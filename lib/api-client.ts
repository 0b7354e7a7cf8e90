/**
 * The one way the browser talks to the JSON API. Every call resolves to a result, never throws,
 * and always looks at response.ok; error codes are translated by the caller via `errorMessage`.
 */
export type ApiError = { code: number; message: string; fields?: Record<string, string> };
export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; error: ApiError };

type Options = { method?: string; body?: unknown; signal?: AbortSignal };

const NETWORK_ERROR: ApiError = { code: 13, message: "Network error" };

export async function api<T = unknown>(path: string, options: Options = {}): Promise<ApiResult<T>> {
  const method = options.method ?? (options.body === undefined ? "GET" : "POST");
  const isForm = typeof FormData !== "undefined" && options.body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: "same-origin",
      signal: options.signal,
      headers: options.body === undefined || isForm ? undefined : { "content-type": "application/json" },
      body:
        options.body === undefined
          ? undefined
          : isForm
            ? (options.body as FormData)
            : JSON.stringify(options.body),
    });
  } catch {
    return { ok: false, status: 0, error: NETWORK_ERROR };
  }
  let payload: unknown = null;
  const type = response.headers.get("content-type") ?? "";
  if (type.includes("application/json")) {
    try {
      payload = await response.json();
    } catch {
      payload = null;
    }
  }
  if (response.ok) return { ok: true, status: response.status, data: payload as T };
  const error = (payload as { error?: ApiError } | null)?.error;
  return {
    ok: false,
    status: response.status,
    error: error && typeof error.code === "number" ? error : { code: 13, message: response.statusText },
  };
}
