"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { api, type ApiError } from "@/lib/api-client.shared";

type Settled<T> = { key: string; path: string; data: T | undefined; error: ApiError | null };

export type ApiQuery<T> = {
  /** The last answer for this path (or, with `keepPrevious`, for the path before). */
  data: T | undefined;
  /** Why the latest load failed; null while loading and after a success. */
  error: ApiError | null;
  /** A request for the current path (or a refresh) is on its way. */
  loading: boolean;
  /** Loads the same path again. */
  refresh: () => void;
  /** Changes the loaded data in place after a mutation answered, without asking again. */
  setData: (update: (data: T | undefined) => T | undefined) => void;
};

/**
 * Loads a GET endpoint in the browser: when the component mounts, whenever `path` changes, and
 * on `refresh()`. `null` waits (nothing is asked). A request that is no longer wanted (path
 * changed, unmounted) is aborted and its answer ignored. With `keepPrevious` the last data stays
 * while the next path loads (a table that keeps its rows while the next page comes). An answer
 * to a request that was on its way when `setData` put a mutation's answer in place may have been
 * read before that mutation: it is not shown, and the path is asked again.
 */
export function useApiQuery<T>(
  path: string | null,
  { keepPrevious = false }: { keepPrevious?: boolean } = {},
): ApiQuery<T> {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  const key = path === null ? null : `${attempt}:${path}`;
  // How many times setData has changed the data: a request compares it with its start.
  const changes = useRef(0);

  useEffect(() => {
    if (key === null || path === null) return;
    const controller = new AbortController();
    const changesAtStart = changes.current;
    void api<T>(path, { signal: controller.signal }).then((result) => {
      if (controller.signal.aborted) return;
      if (changes.current !== changesAtStart) {
        setAttempt((n) => n + 1);
        return;
      }
      setSettled((previous) =>
        result.ok
          ? { key, path, data: result.data, error: null }
          : {
              key,
              path,
              data:
                previous && (previous.path === path || keepPrevious) ? previous.data : undefined,
              error: result.error,
            },
      );
    });
    return () => controller.abort();
  }, [key, path, keepPrevious]);

  const refresh = useCallback(() => setAttempt((n) => n + 1), []);
  const setData = useCallback((update: (data: T | undefined) => T | undefined) => {
    changes.current += 1;
    setSettled((previous) => previous && { ...previous, data: update(previous.data) });
  }, []);

  const current = settled !== null && settled.key === key;
  const samePath = settled !== null && settled.path === path;
  return {
    data: path !== null && (samePath || keepPrevious) ? settled?.data : undefined,
    error: current ? settled.error : null,
    loading: path !== null && !current,
    refresh,
    setData,
  };
}
