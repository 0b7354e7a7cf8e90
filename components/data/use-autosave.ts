"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiCallError, type ApiError } from "@/lib/api-client.shared";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { useErrorMessage, type ErrorTexts } from "./use-error-message";
import { useAskBeforeUnload } from "./use-ask-before-unload";

/**
 * - saved: everything given to `change` is stored.
 * - unsaved: an edit waits for the pause in typing.
 * - saving: a save is on its way.
 * - retrying: a save failed on the network, a 5xx or a 429 and is tried again by itself.
 * - error: the server refused the value (another 4xx); it stays unsaved until the next edit or
 *   `flush()`.
 */
export type AutosaveState = "saved" | "saving" | "unsaved" | "retrying" | "error";

export type SaveOptions = {
  /** Set when the page is going away: the request must outlive it (fetch `keepalive`). */
  keepalive: boolean;
};

export type AutosaveOptions<T> = {
  /** Stores one value; rejects with an `ApiCallError` (see `apiOrThrow`) when it could not. */
  save: (value: T, options: SaveOptions) => Promise<unknown>;
  /** The pause in typing after which an edit is saved. */
  delayMs?: number;
  /** Backoff for retries: the first wait, doubled each time up to `maxRetryDelayMs`. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  /** A screen's own wording for some error codes. */
  texts?: ErrorTexts;
};

export type Autosave<T> = {
  state: AutosaveState;
  /** The last failure in the reader's words (while retrying or in error); null otherwise. */
  errorMessage: string | null;
  /** Records an edit: saved after the pause in typing. The latest value always wins. */
  change: (value: T) => void;
  /**
   * Saves whatever is unsaved now, without waiting for the pause. Resolves once everything
   * given to `change` so far is stored; rejects with the error when a save attempt for it fails
   * (a failure that is retried keeps being retried in the background).
   */
  flush: () => Promise<void>;
  /** Anything given to `change` is not stored yet. */
  dirty: boolean;
  /**
   * Forgets the unsaved value and any refusal or retry, on the reader's explicit choice (e.g.
   * loading a version someone else saved instead of one's own). Nothing is sent for it, not even
   * on unmount; a save already on its way still finishes.
   */
  discard: () => void;
};

type Waiter = { resolve: () => void; reject: (error: unknown) => void };

/** Failures worth trying again: no answer, the server's own trouble, or "too many requests". */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiCallError)) return true;
  return (
    error.error.network === true ||
    error.status === 0 ||
    error.status >= 500 ||
    error.status === 429 ||
    error.error.code === ErrorCode.RATE_LIMITED
  );
}

function apiErrorOf(error: unknown): ApiError {
  return error instanceof ApiCallError
    ? error.error
    : { code: ErrorCode.UNKNOWN, message: String(error), network: true };
}

/**
 * Saves one resource's value after a pause in typing, and keeps trying until it is stored.
 *
 * Saves of one resource never run in parallel: an edit made while a save is on its way waits
 * for it and is sent next, so an older value can never land after a newer one. A failure on the
 * network, a 5xx or a 429 is retried with exponential backoff (or after the server's
 * Retry-After), always with the latest value. Any other refusal stops and shows its message;
 * the value stays with the caller and is sent again on the next edit or `flush()`. While
 * anything is unsaved the browser asks before the page is left, and when the page is hidden or
 * unloaded anyway, or the component unmounts, the pending value is sent with `keepalive` so it
 * still arrives.
 */
export function useAutosave<T>({
  save,
  delayMs = 1000,
  retryDelayMs = 1000,
  maxRetryDelayMs = 30_000,
  texts,
}: AutosaveOptions<T>): Autosave<T> {
  const describeApiError = useErrorMessage(texts);
  const noConnection = useTranslations("autosave")("noConnection");
  // No answer at all is no connection, not an unknown error: the edit waits here meanwhile.
  const describe = (error: ApiError) => (error.network ? noConnection : describeApiError(error));
  const describeRef = useRef(describe);
  const saveRef = useRef(save);
  useEffect(() => {
    describeRef.current = describe;
    saveRef.current = save;
  });

  const [state, setState] = useState<AutosaveState>("saved");
  const [errorMessage, setErrorMessage] = useState<string | null>(null);

  // The latest value not yet handed to `save` (a box, so `undefined` can be a value too).
  const pending = useRef<{ value: T } | null>(null);
  const inFlight = useRef(false);
  // How many times `discard` gave up what was pending: a save on its way compares it on failure.
  const discards = useRef(0);
  const failed = useRef<"retrying" | "error" | null>(null);
  const attempts = useRef(0);
  const debounceTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const waiters = useRef<Waiter[]>([]);
  const unmounted = useRef(false);

  const clearTimers = () => {
    if (debounceTimer.current) clearTimeout(debounceTimer.current);
    if (retryTimer.current) clearTimeout(retryTimer.current);
    debounceTimer.current = null;
    retryTimer.current = null;
  };

  const publish = useCallback(() => {
    if (unmounted.current) return;
    setState(
      inFlight.current
        ? failed.current === "retrying"
          ? "retrying"
          : "saving"
        : failed.current
          ? failed.current
          : pending.current
            ? "unsaved"
            : "saved",
    );
  }, []);

  const settleWaiters = useCallback((error?: unknown) => {
    const settled = waiters.current;
    waiters.current = [];
    for (const waiter of settled) {
      if (error === undefined) waiter.resolve();
      else waiter.reject(error);
    }
  }, []);

  // `run` schedules itself (retries, the next coalesced value), so it is kept in a ref.
  const runRef = useRef<(keepalive?: boolean) => Promise<void>>(async () => {});
  const run = useCallback(
    async (keepalive = false) => {
      if (inFlight.current || !pending.current) return;
      const { value } = pending.current;
      pending.current = null;
      inFlight.current = true;
      const sentIn = discards.current;
      publish();
      try {
        await saveRef.current(value, { keepalive });
        inFlight.current = false;
        failed.current = null;
        attempts.current = 0;
        if (!unmounted.current) setErrorMessage(null);
        if (pending.current) {
          // Edited while this save was on its way: send the newer value once the pause is over
          // (now, if the pause already ended while waiting).
          if (!debounceTimer.current && !retryTimer.current) void runRef.current(keepalive);
        } else {
          settleWaiters();
        }
        publish();
      } catch (error) {
        inFlight.current = false;
        if (discards.current !== sentIn) {
          // Given up (discard) while on its way: sending it again would bring back what the
          // reader chose to drop. Only an edit made since is sent.
          if (!pending.current) settleWaiters();
          else if (!debounceTimer.current && !retryTimer.current) void runRef.current(keepalive);
          publish();
          return;
        }
        // Never lose the value: a newer edit replaces it, otherwise it goes back in line.
        pending.current ??= { value };
        if (!unmounted.current) setErrorMessage(describeRef.current(apiErrorOf(error)));
        settleWaiters(error);
        if (isRetryable(error)) {
          failed.current = "retrying";
          attempts.current += 1;
          const retryAfter = error instanceof ApiCallError ? error.error.retryAfter : undefined;
          const backoff = Math.min(retryDelayMs * 2 ** (attempts.current - 1), maxRetryDelayMs);
          const wait = retryAfter !== undefined ? Math.max(retryAfter * 1000, backoff) : backoff;
          if (debounceTimer.current) clearTimeout(debounceTimer.current);
          debounceTimer.current = null;
          if (!unmounted.current) {
            retryTimer.current = setTimeout(() => {
              retryTimer.current = null;
              void runRef.current();
            }, wait);
          }
        } else {
          failed.current = "error";
        }
        publish();
      }
    },
    [publish, settleWaiters, retryDelayMs, maxRetryDelayMs],
  );
  useEffect(() => {
    runRef.current = run;
  }, [run]);

  const change = useCallback(
    (value: T) => {
      pending.current = { value };
      if (failed.current === "error") {
        // The reader changed the refused value: try again with the new one.
        failed.current = null;
        setErrorMessage(null);
      }
      // While a retry is waiting, it sends this newer value; no need to start another timer.
      if (!retryTimer.current) {
        if (debounceTimer.current) clearTimeout(debounceTimer.current);
        debounceTimer.current = setTimeout(() => {
          debounceTimer.current = null;
          void runRef.current();
        }, delayMs);
      }
      publish();
    },
    [delayMs, publish],
  );

  const flushWith = useCallback((keepalive: boolean): Promise<void> => {
    if (!pending.current && !inFlight.current) return Promise.resolve();
    const done = new Promise<void>((resolve, reject) => waiters.current.push({ resolve, reject }));
    clearTimers();
    if (failed.current === "error") failed.current = null;
    void runRef.current(keepalive);
    return done;
  }, []);
  const flush = useCallback(() => flushWith(false), [flushWith]);

  const discard = useCallback(() => {
    discards.current += 1;
    pending.current = null;
    clearTimers();
    failed.current = null;
    attempts.current = 0;
    setErrorMessage(null);
    // Whoever waited for the value to be stored waits no more: there is nothing left to store.
    if (!inFlight.current) settleWaiters();
    publish();
  }, [publish, settleWaiters]);

  const dirty = state !== "saved";
  // Ask before the page is left while anything is unsaved, and send what is pending with
  // keepalive when the page goes away (or into the background, where it may be discarded).
  // Start saving while the browser asks: if the reader leaves, it is on its way already.
  useAskBeforeUnload(dirty, { onAsk: () => void flushWith(true).catch(() => {}) });
  useEffect(() => {
    if (!dirty) return;
    const onHide = () => {
      if (document.visibilityState === "hidden") void flushWith(true).catch(() => {});
    };
    const onPageHide = () => void flushWith(true).catch(() => {});
    window.addEventListener("pagehide", onPageHide);
    document.addEventListener("visibilitychange", onHide);
    return () => {
      window.removeEventListener("pagehide", onPageHide);
      document.removeEventListener("visibilitychange", onHide);
    };
  }, [dirty, flushWith]);

  // Leaving the screen inside the app (another study, another page) must not lose an edit.
  useEffect(() => {
    unmounted.current = false;
    return () => {
      unmounted.current = true;
      clearTimers();
      if (pending.current && !inFlight.current) void runRef.current(true).catch(() => {});
    };
  }, []);

  return { state, errorMessage, change, flush, dirty, discard };
}
