"use client";

import { useCallback, useEffect, useRef } from "react";

/**
 * Saves a part of a screen still owes: resolves true once what is on screen is stored (at once
 * when nothing is pending), false when that save failed or what is typed cannot be saved.
 */
export type Flush = () => Promise<boolean>;

export type FlushGroup = {
  /** Adds a part's flush; the returned function takes it out again. */
  register: (flush: Flush) => () => void;
  /** Runs every part's flush at once; true only when all of them are saved. */
  flushAll: () => Promise<boolean>;
};

/**
 * The parts of one screen that save on their own (a field saved on blur, a text saved a few
 * seconds after typing) joined, so an action that uses the stored record (send, send a test)
 * can first make sure it holds what is on screen, and stop when it does not.
 */
export function useFlushGroup(): FlushGroup {
  const members = useRef(new Set<Flush>());
  const register = useCallback((flush: Flush) => {
    members.current.add(flush);
    return () => void members.current.delete(flush);
  }, []);
  const flushAll = useCallback(async () => {
    const results = await Promise.all(
      [...members.current].map((flush) => flush().catch(() => false)),
    );
    return results.every(Boolean);
  }, []);
  return { register, flushAll };
}

/**
 * Puts a part's flush into a group for as long as the part is on screen. The latest `flush` is
 * called, so it may read the part's current state without being registered again on every
 * render.
 */
export function useFlushMember(register: FlushGroup["register"] | undefined, flush: Flush) {
  const latest = useRef(flush);
  useEffect(() => {
    latest.current = flush;
  });
  useEffect(() => register?.(() => latest.current()), [register]);
}
