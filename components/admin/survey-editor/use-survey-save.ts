"use client";

import { useTranslations } from "next-intl";
import { useCallback, useRef, useState } from "react";
import { toast } from "sonner";
import { useAutosave } from "@/components/data/use-autosave";
import { api, ApiCallError } from "@/lib/api-client.shared";
import { ErrorCode } from "@/lib/errors/codes.shared";
import type { EditorSurvey } from "@/lib/surveys/editor-schemas.shared";
import { withStoredIds } from "@/lib/surveys/ids.shared";
import type { Step } from "@/lib/surveys/schema.shared";
import { mergeSurveys, sameSteps, type MergeConflict, type Side } from "./merge";
import { useStaleCheck } from "./use-stale-check";

/** Saved after this pause in editing. */
const AUTOSAVE_DELAY_MS = 800;
/**
 * Retries back off to at most this: someone waiting at the editor for "saved" after the
 * connection came back should not wait half a minute.
 */
const MAX_RETRY_DELAY_MS = 8000;

/** The working copy, as the save reads and replaces it (bound by the page once both exist). */
export type DraftLink = { steps: () => Step[]; replace: (steps: Step[]) => void };

/** A merge waiting for the reader: the version saved elsewhere and what both sides changed. */
export type PendingMerge = { theirs: EditorSurvey; conflicts: MergeConflict[] };

/**
 * Saving the survey being edited. Every save carries the version it is based on and moves it
 * on; `base` keeps the steps of that version. When the survey was saved elsewhere meanwhile
 * (409 `CHANGED_ELSEWHERE`, another tab's announcement, or the version asked for when the page
 * comes back into view) the editor is `behind`; `reconcile` then merges the reader's working
 * copy with the newer version (`mergeSurveys`): what only one side changed is applied and saved
 * at once, and only blocks changed on both sides wait in `pending` for the reader's choice.
 */
export function useSurveySave(
  initial: EditorSurvey,
  /** The steps of `initial.version` when the working copy starts from kept edits instead. */
  baseSteps: Step[] = initial.steps,
) {
  const t = useTranslations("surveyEditor");
  const path = `/api/study/${initial.study_id}/survey`;
  const [responseCount, setResponseCount] = useState(initial.response_count);
  const version = useRef(initial.version);
  const [initialSteps] = useState<Step[]>(() => withStoredIds(initial.steps));
  const [initialBase] = useState<Step[]>(() => withStoredIds(baseSteps));
  const base = useRef<Step[]>(initialBase);
  const draft = useRef<DraftLink>({ steps: () => base.current, replace: () => {} });
  const inFlight = useRef(false);
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const [behind, setBehind] = useState(false);
  const [pending, setPending] = useState<PendingMerge | null>(null);
  const [conflictOpen, setConflictOpen] = useState(false);
  // Closed with "later": further saves update the pending choice without opening it again.
  const postponed = useRef(false);
  // One catching-up at a time: a second merge begun before the first one's result is on screen
  // would merge against the working copy as it was, and could undo the colleague's changes.
  const catchingUp = useRef(false);
  const [merging, setMerging] = useState(false);
  const [mergeError, setMergeError] = useState<string | null>(null);

  const stale = useStaleCheck({
    studyId: initial.study_id,
    currentVersion: () => version.current,
    onNewer: () => {
      if (!inFlight.current) setBehind(true);
    },
  });

  const autosave = useAutosave<Step[]>({
    delayMs: AUTOSAVE_DELAY_MS,
    maxRetryDelayMs: MAX_RETRY_DELAY_MS,
    save: async (value, { keepalive }) => {
      inFlight.current = true;
      const result = await api<EditorSurvey>(path, {
        method: "PUT",
        body: {
          study_id: initial.study_id,
          survey_uuid: initial.survey_uuid,
          steps: value,
          version: version.current,
        },
        keepalive,
      }).finally(() => {
        inFlight.current = false;
      });
      if (result.ok) {
        version.current = result.data.version;
        base.current = withStoredIds(result.data.steps);
        setResponseCount(result.data.response_count);
        setServerFields({});
        stale.announce(result.data.version);
        return;
      }
      if (result.error.code === ErrorCode.CHANGED_ELSEWHERE) {
        setBehind(true);
        if (!keepalive) void catchUp();
      } else if (result.status >= 400 && result.status < 500 && result.error.fields) {
        setServerFields(result.error.fields);
      }
      throw new ApiCallError(result.status, result.error);
    },
  });

  /** An edit: the server's objections were about the value it saw; this one is new. */
  function change(steps: Step[]) {
    setServerFields({});
    autosave.change(steps);
  }

  /**
   * Brings the working copy up to the survey saved now. With `choices` (per conflict, the side
   * to keep) the pending merge is finished against the version it was computed on; without,
   * the newer version is fetched and merged, and the reader is asked only when both sides
   * changed a block. Resolves to an error text for the dialog, or null.
   */
  async function reconcile(choices?: Record<string, Side>): Promise<string | null> {
    let theirs = choices && pending ? pending.theirs : null;
    if (!theirs) {
      const result = await api<EditorSurvey>(path);
      if (!result.ok) return t("loadFailed");
      // The server gives every step and block an id; positions stand in for any missing.
      theirs = { ...result.data, steps: withStoredIds(result.data.steps) };
    }
    const merged = mergeSurveys(base.current, draft.current.steps(), theirs.steps, choices);
    if (!choices && merged.conflicts.length > 0) {
      setPending({ theirs, conflicts: merged.conflicts });
      if (!postponed.current) setConflictOpen(true);
      return null;
    }
    version.current = theirs.version;
    base.current = theirs.steps;
    setResponseCount(theirs.response_count);
    setServerFields({});
    setPending(null);
    setConflictOpen(false);
    setBehind(false);
    postponed.current = false;
    autosave.discard();
    draft.current.replace(merged.steps);
    for (const r of merged.renamed) toast.info(t("mergeRenamed", { from: r.from, to: r.to }));
    if (sameSteps(merged.steps, theirs.steps)) {
      toast.success(t("loadedNewer"));
      return null;
    }
    autosave.change(merged.steps);
    try {
      await autosave.flush();
      toast.success(t("merged"));
    } catch {
      // Shown by the save status, or by the dialog again on another conflict.
    }
    return null;
  }

  /**
   * Brings in the survey saved elsewhere (the behind notice's button, or after a 409), once at a
   * time; why it failed (the survey could not be read) is kept in `mergeError` to be shown.
   */
  async function catchUp(): Promise<void> {
    if (catchingUp.current) return;
    catchingUp.current = true;
    setMerging(true);
    setMergeError(null);
    try {
      setMergeError(await reconcile());
    } finally {
      catchingUp.current = false;
      setMerging(false);
    }
  }

  /** Drops the reader's edits for the survey saved now. */
  async function loadNewer(): Promise<string | null> {
    const result = await api<EditorSurvey>(path);
    if (!result.ok) return t("loadFailed");
    autosave.discard();
    version.current = result.data.version;
    base.current = withStoredIds(result.data.steps);
    setResponseCount(result.data.response_count);
    setServerFields({});
    draft.current.replace(base.current);
    setPending(null);
    setConflictOpen(false);
    setBehind(false);
    postponed.current = false;
    toast.success(t("loadedNewer"));
    return null;
  }

  const openConflict = useCallback((open: boolean) => {
    postponed.current = !open;
    setConflictOpen(open);
  }, []);
  /** Connects the working copy, once the page has it. */
  const bindDraft = useCallback((link: DraftLink) => {
    draft.current = link;
  }, []);

  /** The version the working copy is based on now (kept with unsaved edits over a reload). */
  const baseVersion = useCallback(() => version.current, []);
  /** The steps of that version: what a merge compares the kept edits with after a reload. */
  const baseOfDraft = useCallback(() => base.current, []);

  return {
    /** The loaded steps the working copy starts from, with their ids. */
    initialSteps,
    autosave,
    change,
    baseVersion,
    baseSteps: baseOfDraft,
    responseCount,
    serverFields,
    behind,
    pending,
    conflictOpen,
    setConflictOpen: openConflict,
    reconcile,
    catchUp,
    merging,
    mergeError,
    loadNewer,
    bindDraft,
  };
}

export type SurveySave = ReturnType<typeof useSurveySave>;
