"use client";

import { useCallback, useEffect, useState } from "react";
import { api, type ApiError } from "@/lib/api-client";

export type ResourceState<T> =
  | { status: "loading" }
  | { status: "ready"; data: T }
  | { status: "error"; error: ApiError };

/**
 * Loads one GET endpoint when the component mounts (and again on `reload`). Public pages use it
 * so the page itself stays static and only its data comes from the API.
 */
export function useApiResource<T>(path: string | null): {
  state: ResourceState<T>;
  reload: () => void;
} {
  const [state, setState] = useState<ResourceState<T>>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    void api<T>(path, { signal: controller.signal }).then((result) => {
      if (controller.signal.aborted) return;
      setState(result.ok ? { status: "ready", data: result.data } : { status: "error", error: result.error });
    });
    return () => controller.abort();
  }, [path, attempt]);

  const reload = useCallback(() => {
    setState({ status: "loading" });
    setAttempt((n) => n + 1);
  }, []);

  return { state, reload };
}
