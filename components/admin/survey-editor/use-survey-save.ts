"use client";

import { useTranslations } from "next-intl";
import { useCallback, useRef, useState } from "react";
import { toast } from "sonner";
import { useAutosave } from "@/components/data/use-autosave";
import { api, ApiCallError } from "@/lib/api-client";
import { ErrorCode } from "@/lib/errors/codes";
import type { EditorSurvey } from "@/lib/surveys/editor-schemas";
import type { Step } from "@/lib/surveys/schema";

/** Saved after this pause in editing. */
const AUTOSAVE_DELAY_MS = 800;
/**
 * Retries back off to at most this: someone waiting at the editor for "saved" after the
 * connection came back should not wait half a minute.
 */
const MAX_RETRY_DELAY_MS = 8000;

/**
 * Saving the survey being edited. Every save carries the version it is based on and moves it
 * on; a refusal of some fields is kept as `serverFields` for the fields to show; when someone
 * else saved in between (409, `CHANGED_ELSEWHERE`) `conflict` is set and nothing more is saved
 * until the reader chooses between `loadNewer` and `keepMine`.
 */
export function useSurveySave(initial: EditorSurvey) {
  const t = useTranslations("surveyEditor");
  const path = `/api/study/${initial.study_id}/survey`;
  const [responseCount, setResponseCount] = useState(initial.response_count);
  /** The version the working copy is based on: sent with every save, moved on by each. */
  const version = useRef(initial.version);
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState(false);
  const [conflictOpen, setConflictOpen] = useState(false);

  const autosave = useAutosave<Step[]>({
    delayMs: AUTOSAVE_DELAY_MS,
    maxRetryDelayMs: MAX_RETRY_DELAY_MS,
    save: async (value, { keepalive }) => {
      const result = await api<EditorSurvey>(path, {
        method: "PUT",
        body: {
          study_id: initial.study_id,
          survey_uuid: initial.survey_uuid,
          steps: value,
          version: version.current,
        },
        keepalive,
      });
      if (result.ok) {
        version.current = result.data.version;
        setResponseCount(result.data.response_count);
        setServerFields({});
        return;
      }
      if (result.error.code === ErrorCode.CHANGED_ELSEWHERE) {
        setConflict(true);
        setConflictOpen(true);
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
   * Drops the reader's edits for the survey saved now, handed to `replace`. Resolves to an
   * error text for the dialog, or null when done.
   */
  async function loadNewer(replace: (steps: Step[]) => void): Promise<string | null> {
    const result = await api<EditorSurvey>(path);
    if (!result.ok) return t("loadFailed");
    autosave.discard();
    version.current = result.data.version;
    setResponseCount(result.data.response_count);
    setServerFields({});
    replace(result.data.steps);
    setConflict(false);
    setConflictOpen(false);
    toast.success(t("loadedNewer"));
    return null;
  }

  /** Saves the reader's edits over the survey saved now. */
  async function keepMine(): Promise<string | null> {
    // Based on the version saved now: should a third save come in between, the reader is asked
    // again rather than overwriting that one unseen.
    const result = await api<EditorSurvey>(path);
    if (!result.ok) return t("loadFailed");
    version.current = result.data.version;
    setConflict(false);
    setConflictOpen(false);
    try {
      await autosave.flush();
      toast.success(t("keptMine"));
    } catch {
      // Shown by the save status, or by this dialog again on another conflict.
    }
    return null;
  }

  /** The version the working copy is based on now (kept with unsaved edits over a reload). */
  const baseVersion = useCallback(() => version.current, []);

  return {
    autosave,
    change,
    baseVersion,
    responseCount,
    serverFields,
    conflict,
    conflictOpen,
    setConflictOpen,
    loadNewer,
    keepMine,
  };
}

export type SurveySave = ReturnType<typeof useSurveySave>;
