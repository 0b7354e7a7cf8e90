import { ErrorCode } from "@/lib/errors/codes.shared";

/**
 * The one way the browser talks to the JSON API. Every call resolves to a result, never throws,
 * and always looks at response.ok; a failure carries the error envelope's code (compare it with
 * `ErrorCode`), translated for the reader by the hooks in components/data.
 */
export type ApiError = {
  code: number;
  message: string;
  fields?: Record<string, string>;
  /** Set here, never by the server: no answer arrived (offline, aborted, refused). */
  network?: true;
  /** Set here from the answer's Retry-After header (seconds), when it had one. */
  retryAfter?: number;
};
export type ApiResult<T> =
  { ok: true; status: number; data: T } | { ok: false; status: number; error: ApiError };

export type ApiOptions = {
  /** GET without a body, POST with one, unless given. */
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON, or as multipart when it is a FormData. */
  body?: unknown;
  signal?: AbortSignal;
  /** Lets the request outlive the page (a save sent while the tab closes); small bodies only. */
  keepalive?: boolean;
};

/** One call, described: what the mutation and form hooks are given to send. */
export type ApiRequest = ApiOptions & { path: string };

const NETWORK_ERROR: ApiError = {
  code: ErrorCode.UNKNOWN,
  message: "Network error",
  network: true,
};

export async function api<T = unknown>(
  path: string,
  options: ApiOptions = {},
): Promise<ApiResult<T>> {
  const method = options.method ?? (options.body === undefined ? "GET" : "POST");
  const isForm = typeof FormData !== "undefined" && options.body instanceof FormData;
  const body =
    options.body === undefined
      ? undefined
      : isForm
        ? (options.body as FormData)
        : JSON.stringify(options.body);
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: "same-origin",
      signal: options.signal,
      keepalive: options.keepalive && fitsKeepalive(body),
      headers:
        options.body === undefined || isForm ? undefined : { "content-type": "application/json" },
      body,
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
    error: {
      ...(error && typeof error.code === "number"
        ? { code: error.code, message: String(error.message ?? ""), ...fieldsOf(error) }
        : { code: ErrorCode.UNKNOWN, message: response.statusText }),
      ...retryAfterOf(response),
    },
  };
}

/**
 * Browsers refuse a `keepalive` request whose body is over 64 KiB (all such requests in flight
 * together), failing it without sending anything. A larger body (a long message, a survey) goes
 * as an ordinary request: on a move within the app, where the page lives on, it arrives all the
 * same; on a closing page nothing could have sent it, and the browser has asked before leaving.
 */
export const KEEPALIVE_MAX_BYTES = 60 * 1024;

export function fitsKeepalive(body: string | FormData | undefined): boolean {
  if (body === undefined) return true;
  if (typeof body !== "string") return false;
  return new TextEncoder().encode(body).length <= KEEPALIVE_MAX_BYTES;
}

/**
 * A failed call as something to throw, for code that works with promises that reject (the
 * autosave hook's `save`). Carries the status and the error as `api` reported them.
 */
export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    readonly error: ApiError,
  ) {
    super(error.message || `HTTP ${status}`);
    this.name = "ApiCallError";
  }
}

/** `api`, resolving to the data on success and rejecting with an `ApiCallError` otherwise. */
export async function apiOrThrow<T = unknown>(path: string, options: ApiOptions = {}): Promise<T> {
  const result = await api<T>(path, options);
  if (!result.ok) throw new ApiCallError(result.status, result.error);
  return result.data;
}

/** Retry-After in seconds (a number or an HTTP date); nothing when absent or unreadable. */
function retryAfterOf(response: Response): Pick<ApiError, "retryAfter"> {
  const header = response.headers.get("retry-after")?.trim();
  if (!header) return {};
  const seconds = /^\d+$/.test(header) ? Number(header) : (Date.parse(header) - Date.now()) / 1000;
  return Number.isFinite(seconds) ? { retryAfter: Math.max(0, seconds) } : {};
}

/** Only string messages keyed by field path survive; anything else in `fields` is dropped. */
function fieldsOf(error: ApiError): Pick<ApiError, "fields"> {
  if (!error.fields || typeof error.fields !== "object") return {};
  const entries = Object.entries(error.fields).filter(([, v]) => typeof v === "string");
  return entries.length ? { fields: Object.fromEntries(entries) } : {};
}

/**
 * Uploads a FormData with progress (fetch cannot report upload progress): `onProgress` gets the
 * share sent so far, 0 to 1. Resolves like `api`, never throws.
 */
export function apiUpload<T = unknown>(
  path: string,
  body: FormData,
  onProgress: (share: number) => void,
): Promise<ApiResult<T>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", path);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    const failed = () => resolve({ ok: false, status: 0, error: NETWORK_ERROR });
    xhr.onerror = failed;
    xhr.onabort = failed;
    xhr.ontimeout = failed;
    xhr.onload = () => {
      let payload: unknown = null;
      if ((xhr.getResponseHeader("content-type") ?? "").includes("application/json")) {
        try {
          payload = JSON.parse(xhr.responseText);
        } catch {
          payload = null;
        }
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve({ ok: true, status: xhr.status, data: payload as T });
        return;
      }
      const error = (payload as { error?: ApiError } | null)?.error;
      resolve({
        ok: false,
        status: xhr.status,
        error:
          error && typeof error.code === "number"
            ? { code: error.code, message: String(error.message ?? ""), ...fieldsOf(error) }
            : { code: ErrorCode.UNKNOWN, message: xhr.statusText },
      });
    };
    xhr.send(body);
  });
}
