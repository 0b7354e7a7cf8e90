"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { api, type ApiError, type ApiRequest, type ApiResult } from "@/lib/api-client.shared";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { useErrorMessage, type ErrorTexts } from "./use-error-message";

/** A call's result; a failure also carries the reader's text for it. */
export type MutationResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; error: ApiError; message: string };

/**
 * A DELETE refused because the thing was deleted elsewhere meanwhile (another tab, a colleague):
 * 404 code 14. What was asked for is done, and a retry could only fail again.
 */
export function wasDeletedElsewhere(result: MutationResult<unknown>): boolean {
  return !result.ok && result.status === 404 && result.error.code === ErrorCode.NOT_FOUND;
}

export type ApiMutation = {
  /** Sends one request; resolves (never rejects) once it answered. */
  run: <T = unknown>(request: ApiRequest) => Promise<MutationResult<T>>;
  /** A request is on its way. */
  pending: boolean;
  /** The last request's error; cleared when the next one starts or on `reset()`. */
  error: ApiError | null;
  /** That error in the reader's words. */
  errorMessage: string | null;
  reset: () => void;
};

/**
 * Sends what changes something (POST, PUT, DELETE) and tracks it: `pending` while it runs and
 * the error envelope turned into a translated text. `texts` gives a screen its own wording for
 * some codes, `fallback` for errors the catalogue does not explain. `run` keeps its identity, so
 * effects may call it.
 */
export function useApiMutation({
  texts,
  fallback,
}: { texts?: ErrorTexts; fallback?: string } = {}): ApiMutation {
  const describe = useErrorMessage(texts, fallback);
  // The latest translation, read when an answer arrives (the locale or texts may have changed).
  const describeRef = useRef(describe);
  useEffect(() => {
    describeRef.current = describe;
  });
  const [inFlight, setInFlight] = useState(0);
  const [failure, setFailure] = useState<{ error: ApiError; message: string } | null>(null);

  const run = useCallback(async <T>({ path, ...options }: ApiRequest) => {
    setFailure(null);
    setInFlight((n) => n + 1);
    const result: ApiResult<T> = await api<T>(path, options);
    setInFlight((n) => n - 1);
    if (result.ok) return result;
    const message = describeRef.current(result.error);
    setFailure({ error: result.error, message });
    return { ...result, message };
  }, []);

  const reset = useCallback(() => setFailure(null), []);

  return {
    run,
    pending: inFlight > 0,
    error: failure?.error ?? null,
    errorMessage: failure?.message ?? null,
    reset,
  };
}
