"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { api, ApiCallError } from "@/lib/api-client.shared";
import { ErrorCode, errorMessages } from "@/lib/errors/codes.shared";
import type {
  PanelMessageDetailDto,
  PanelMessageDto,
  PanelMessageUpdateInput,
} from "@/lib/mailings/schemas.shared";

export type MessageFields = Omit<PanelMessageUpdateInput, "version">;

/**
 * Saves one message's subject and body as one editor, based on the version on screen.
 *
 * Every save and the send name the version they are based on (the first one the detail loads:
 * `adopt`); when another tab or a colleague changed the message meanwhile the server refuses
 * with 409 `CHANGED_ELSEWHERE` and nothing is overwritten. Then `conflict` is set and the reader
 * chooses: `keepMine` takes the stored version as the new base and saves what is still unsaved
 * here over it (a field not edited here keeps the other side's text); `showTheirs` drops the
 * unsaved edits. Either way the subject and body then start afresh from what is stored
 * (`generation` is their key). Saves run one at a time, each with the version the one before
 * answered, so the subject and the body of one screen never refuse each other. A save from a
 * part that was replaced (its last edit sent as it unmounts) is dropped, not sent.
 */
export function useMessageSaves(
  id: number,
  /** Every stored message a save or reload answered. */
  onStored: (message: PanelMessageDto | PanelMessageDetailDto) => void,
  /** A save refused because the message is no longer a draft (sent or scheduled elsewhere). */
  onNoLongerDraft: () => void = () => {},
) {
  const version = useRef<number | null>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const [generation, setGeneration] = useState(0);
  const current = useRef(generation);
  const [conflict, setConflictState] = useState(false);
  // Read where the state may not have rendered yet: a save asked for while the conflict stands
  // (the subject field's blur as the notice's button is pressed) is refused without a request,
  // since it could only be refused again, and must not hold up the reader's choice.
  const blocked = useRef(false);
  const setConflict = useCallback((value: boolean) => {
    blocked.current = value;
    setConflictState(value);
  }, []);
  const onStoredRef = useRef(onStored);
  const onNoLongerDraftRef = useRef(onNoLongerDraft);
  useEffect(() => {
    onStoredRef.current = onStored;
    onNoLongerDraftRef.current = onNoLongerDraft;
  });

  /** The version the detail first loaded: what the parts on screen start from. */
  const adopt = useCallback((loaded: number) => {
    version.current ??= loaded;
  }, []);

  const saveFor = useCallback(
    (from: number) =>
      /** Stores the fields; the message as stored, null when dropped; rejects with `ApiCallError`. */
      (fields: MessageFields, keepalive = false): Promise<PanelMessageDto | null> => {
        const run = queue.current.then(async () => {
          if (from !== current.current) return null;
          if (blocked.current) {
            throw new ApiCallError(409, {
              code: ErrorCode.CHANGED_ELSEWHERE,
              message: errorMessages[ErrorCode.CHANGED_ELSEWHERE],
            });
          }
          const result = await api<PanelMessageDto>(`/api/panel_message/${id}`, {
            method: "PUT",
            body: { ...fields, ...(version.current === null ? {} : { version: version.current }) },
            keepalive,
          });
          if (!result.ok) {
            if (result.error.code === ErrorCode.CHANGED_ELSEWHERE) setConflict(true);
            if (result.error.code === ErrorCode.MESSAGE_SENT_NO_UPDATE)
              onNoLongerDraftRef.current();
            throw new ApiCallError(result.status, result.error);
          }
          version.current = result.data.version;
          onStoredRef.current(result.data);
          return result.data;
        });
        queue.current = run.catch(() => {});
        return run;
      },
    [id, setConflict],
  );
  const save = useCallback(
    (fields: MessageFields, keepalive?: boolean) => saveFor(generation)(fields, keepalive),
    [saveFor, generation],
  );

  /** The stored message now becomes the base; false when it could not be read. */
  const reload = useCallback(async (): Promise<boolean> => {
    const result = await api<PanelMessageDetailDto>(`/api/panel_message/${id}`);
    if (!result.ok) return false;
    version.current = result.data.version;
    onStoredRef.current(result.data);
    return true;
  }, [id]);

  /** The parts on screen start again from the stored message; their pending edits are dropped. */
  const restart = useCallback(() => {
    current.current += 1;
    setGeneration(current.current);
  }, []);

  /**
   * After a conflict: what is unsaved here is saved over the stored version (`flushAll` of the
   * screen), then the screen shows the result. False when the reload or a save failed (a save
   * refused again sets `conflict` again).
   */
  const keepMine = useCallback(
    async (flushAll: () => Promise<boolean>): Promise<boolean> => {
      if (!(await reload())) return false;
      blocked.current = false;
      // On the newest version now: a save refused again (changed once more) blocks again; one
      // that failed otherwise is retried by its part on this version.
      if (!(await flushAll())) return false;
      setConflict(false);
      restart();
      return true;
    },
    [reload, restart, setConflict],
  );

  /**
   * After a conflict: what is stored replaces what is on screen. Until the reload has answered,
   * an edit meanwhile is held back (refused without a request, so it stays unsaved in its part),
   * not dropped: when the reload fails, nothing of the reader's is gone.
   */
  const showTheirs = useCallback(async (): Promise<boolean> => {
    blocked.current = true;
    if (!(await reload())) return false;
    setConflict(false);
    restart();
    return true;
  }, [reload, restart, setConflict]);

  /** A send was refused because the message changed: the same choice as for a save. */
  const sendRefused = useCallback(() => setConflict(true), [setConflict]);
  const basedOn = useCallback(() => version.current ?? undefined, []);
  /** True while a conflict waits for the reader's choice: nothing of theirs can be saved. */
  const isBlocked = useCallback(() => blocked.current, []);

  return {
    adopt,
    save,
    generation,
    conflict,
    keepMine,
    showTheirs,
    sendRefused,
    basedOn,
    isBlocked,
  };
}

export type MessageSaves = ReturnType<typeof useMessageSaves>;

/** Whether the detail may go: "leave", or why it stays (a conflict to settle, a failed save). */
export type LeaveOutcome = "leave" | "conflict" | "unsaved";
export type LeaveCheck = () => Promise<LeaveOutcome>;

/**
 * Answers the screen's question before this detail is closed or replaced: what is unsaved is
 * saved first. It stays while a conflict waits for the reader's choice, and when a save failed:
 * the edits would otherwise go with the detail, with one last try on the way out that nobody
 * would see fail.
 */
export function useLeaveCheck(
  register: ((check: LeaveCheck) => () => void) | undefined,
  flushAll: () => Promise<boolean>,
  isBlocked: () => boolean,
) {
  useEffect(
    () =>
      register?.(async () => {
        const saved = await flushAll();
        if (isBlocked()) return "conflict";
        return saved ? "leave" : "unsaved";
      }),
    [register, flushAll, isBlocked],
  );
}
