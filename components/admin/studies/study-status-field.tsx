"use client";

import { useTranslations } from "next-intl";
import { useRef, useState, type KeyboardEvent } from "react";
import { toast } from "sonner";
import { useApiMutation } from "@/components/data/use-api-mutation";
import { FieldError } from "@/components/ui/field-error";
import { STUDY_STATUSES, type StudyDto, type StudyStatus } from "@/lib/studies/schemas.shared";

/** Keys that step a closed select to another option in Chrome and Firefox on Linux and Windows. */
const STEP_KEYS = new Set([
  "ArrowUp",
  "ArrowDown",
  "ArrowLeft",
  "ArrowRight",
  "Home",
  "End",
  "PageUp",
  "PageDown",
]);

/**
 * A study's status, saved as soon as it is picked with the mouse or from the open list. Stepped
 * to with the keyboard on the closed field (arrows, type-ahead), each step fires a change: the
 * field then shows the choice and saves it on Enter or when the focus leaves it, Escape taking it
 * back, so arrowing from "not started" to "finished" never opens the study on the way.
 * A refusal of the status itself (opening a study at its limit or past its end date) is shown at
 * the field, with what to change instead (`error`, kept by the pane, which clears it once the
 * limit or end date is saved); other failures in a toast.
 */
export function StudyStatusField({
  study,
  onChange,
  error,
  onError,
}: {
  study: StudyDto;
  onChange: (study: StudyDto) => void;
  error: string | null;
  onError: (error: string | null) => void;
}) {
  const t = useTranslations("admin.studies");
  const { run, pending } = useApiMutation();
  const [stepped, setStepped] = useState<{ id: number; status: StudyStatus } | null>(null);
  const draft = stepped?.id === study.id && stepped.status !== study.status ? stepped.status : null;
  const byKey = useRef(false);
  const fieldId = `status-${study.id}`;
  const errorId = `${fieldId}-error`;

  async function save(status: StudyStatus) {
    onError(null);
    const result = await run<StudyDto>({
      path: `/api/study/${study.id}`,
      method: "PUT",
      body: { status },
    });
    if (!result.ok) {
      if (result.error.fields?.status) onError(openRefusal(study));
      else toast.error(t("statusFailed", { message: result.message }));
      return;
    }
    onChange(result.data);
    toast.success(t("statusSaved", { status: t(`status.${result.data.status}`) }));
  }

  /** Why the server refused to open the study, from what the screen knows of it. */
  function openRefusal(current: StudyDto): string {
    const now = Math.floor(Date.now() / 1000);
    return current.closes_at !== null && current.closes_at <= now
      ? t("openBlockedClosed")
      : t("openBlockedLimit");
  }

  /** The draft is shown until its save has answered, then the stored status is. */
  function saveDraft() {
    if (!draft || pending) return setStepped(null);
    void save(draft).finally(() => setStepped(null));
  }

  function onKeyDown(event: KeyboardEvent<HTMLSelectElement>) {
    if (event.key === "Enter" && draft) {
      event.preventDefault();
      return saveDraft();
    }
    if (event.key === "Escape" && draft) {
      event.preventDefault();
      return setStepped(null);
    }
    // A step on the closed field fires its change while this key is handled, so the mark lasts
    // only that long: a pick from the open list (Space or Alt+ArrowDown open it, and the list
    // takes the keys while open) or with the mouse comes later, unmarked, and saves at once.
    byKey.current = STEP_KEYS.has(event.key) || (event.key.length === 1 && event.key !== " ");
    setTimeout(() => (byKey.current = false));
  }

  return (
    <div>
      <label htmlFor={fieldId} className="label">
        {t("statusLabel")}
      </label>
      <select
        id={fieldId}
        className="input w-auto pr-8"
        value={draft ?? study.status}
        // Busy, not disabled, while a change is saved: a disabled control drops the focus (to the
        // page's body), and the keyboard user would have to find the field again. A change made
        // meanwhile is not taken; the field keeps showing the stored status.
        aria-busy={pending || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onKeyDown={onKeyDown}
        onPointerDown={() => (byKey.current = false)}
        onBlur={saveDraft}
        onChange={(event) => {
          const status = event.target.value as StudyStatus;
          const stepping = byKey.current;
          byKey.current = false;
          if (pending) return;
          if (stepping) setStepped({ id: study.id, status });
          else void save(status);
        }}
      >
        {STUDY_STATUSES.map((status) => (
          <option key={status} value={status}>
            {t(`status.${status}`)}
          </option>
        ))}
      </select>
      {/* The refusal comes while the focus stays on the field: said at once. */}
      <div aria-live="assertive">
        <FieldError id={errorId} message={error} />
      </div>
    </div>
  );
}
