"use client";

import { useEffect } from "react";
import { z } from "zod";
import type { EditorSurvey } from "@/lib/surveys/editor-schemas.shared";
import { stepsSchema, type Step } from "@/lib/surveys/schema.shared";
import { sameContent } from "./merge";
import { toSteps, type EditorStep } from "./model";

/**
 * Unsaved edits kept in the tab's sessionStorage, so that a reload does not lose a survey the
 * server refused (a broken condition) or could not take yet: written while anything is unsaved,
 * with the version the edits are based on, and removed once everything is saved. On load the
 * kept edits replace the stored survey and are sent again with their own version, so a survey
 * someone else saved in between still leads to the conflict choice instead of being
 * overwritten. Survey texts only; nothing about a participant.
 */

// `base`: the steps of `version`, so the kept edits can be merged with a newer version.
const backupSchema = z.object({
  version: z.number().int().min(0),
  steps: stepsSchema,
  base: stepsSchema.optional(),
});
type Backup = z.infer<typeof backupSchema>;

const keyFor = (studyId: number) => `survey-editor-draft:${studyId}`;

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

function read(studyId: number): Backup | null {
  try {
    const raw = storage()?.getItem(keyFor(studyId));
    if (!raw) return null;
    const parsed = backupSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The survey to start from: the kept edits when there are any (`restored`), else as loaded;
 * `base` is the survey of the version the edits are based on (what a merge compares them with).
 */
export function startingSurvey(loaded: EditorSurvey): {
  survey: EditorSurvey;
  base: Step[];
  restored: boolean;
} {
  const kept = read(loaded.study_id);
  // Stored already: the last save, sent as the page went away, arrived though its answer did
  // not. Restored, it would be sent again with its old version and merged as if it were new.
  if (kept && sameContent(kept.steps, loaded.steps)) forget(loaded.study_id);
  else if (kept) {
    return {
      survey: { ...loaded, steps: kept.steps, version: kept.version },
      base: kept.base ?? loaded.steps,
      restored: true,
    };
  }
  return { survey: loaded, base: loaded.steps, restored: false };
}

function forget(studyId: number): void {
  try {
    storage()?.removeItem(keyFor(studyId));
  } catch {
    // Nothing to remove where storage is refused.
  }
}

/** Keeps `steps` while `dirty`, based on `version()`; forgets them once nothing is unsaved. */
export function useDraftBackup({
  studyId,
  steps,
  dirty,
  version,
  base,
  state,
}: {
  studyId: number;
  steps: EditorStep[];
  dirty: boolean;
  version: () => number;
  /** The steps of that version. */
  base: () => Step[];
  /** The save's state: the version moves on with every save, so it is written again then. */
  state: string;
}) {
  useEffect(() => {
    const store = storage();
    if (!store) return;
    try {
      if (dirty)
        store.setItem(
          keyFor(studyId),
          JSON.stringify({ version: version(), steps: toSteps(steps), base: base() }),
        );
      else store.removeItem(keyFor(studyId));
    } catch {
      // A full or refused storage keeps nothing; the leave question still asks before a reload.
    }
  }, [studyId, steps, dirty, version, base, state]);
}
