"use client";

import { Pencil } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRef, useState, type KeyboardEvent } from "react";
import { useApiMutation } from "@/components/data/use-api-mutation";
import { FieldError } from "@/components/ui/field-error";
import { STUDY_NAME_MAX_LENGTH } from "@/lib/studies/admin-schemas";
import type { StudyDto } from "@/lib/studies/schemas";

/**
 * The study's name as the pane's heading, with a pencil that turns it into a field. The name is
 * saved when the field is left or on Enter; Escape puts the old name back. Only `name` is sent.
 * A refused name keeps the field open with the reason, so the typed text is not lost.
 */
export function StudyName({
  study,
  headingId,
  onSaved,
}: {
  study: StudyDto;
  headingId: string;
  onSaved: (study: StudyDto) => void;
}) {
  const t = useTranslations("admin.studies");
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(study.name);
  const [error, setError] = useState<string | null>(null);
  const { run, pending } = useApiMutation();
  const pencil = useRef<HTMLButtonElement>(null);
  // Escape and Enter end editing themselves; the blur that follows must not save again.
  const settled = useRef(false);
  const inputId = `${headingId}-name`;
  const errorId = `${inputId}-error`;

  function start() {
    setDraft(study.name);
    setError(null);
    settled.current = false;
    setEditing(true);
  }

  function stop() {
    setEditing(false);
    // Back to the pencil once the heading is shown again.
    requestAnimationFrame(() => pencil.current?.focus());
  }

  async function save() {
    const name = draft.trim();
    if (name === study.name) {
      settled.current = true;
      stop();
      return;
    }
    if (name === "") {
      setError(t("nameRequired"));
      return;
    }
    if (name.length > STUDY_NAME_MAX_LENGTH) {
      setError(t("nameTooLong"));
      return;
    }
    settled.current = true;
    const result = await run<StudyDto>({
      path: `/api/study/${study.id}`,
      method: "PUT",
      body: { name },
    });
    if (!result.ok) {
      settled.current = false;
      setError(result.message);
      return;
    }
    onSaved(result.data);
    stop();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter") {
      event.preventDefault();
      void save();
    } else if (event.key === "Escape") {
      event.preventDefault();
      settled.current = true;
      setDraft(study.name);
      setError(null);
      stop();
    }
  }

  if (editing) {
    return (
      <div>
        <h2 id={headingId} className="sr-only">
          {study.name}
        </h2>
        <label htmlFor={inputId} className="label">
          {t("name")}
        </label>
        <input
          id={inputId}
          className="input text-xl font-semibold"
          value={draft}
          // Focus moves here because the reader asked to edit (the pencil was pressed).
          autoFocus
          maxLength={STUDY_NAME_MAX_LENGTH + 50}
          // Read-only rather than disabled while saving, so focus stays in the field.
          readOnly={pending}
          aria-busy={pending || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${inputId}-hint${error ? ` ${errorId}` : ""}`}
          onChange={(event) => {
            setDraft(event.target.value);
            setError(null);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            if (!settled.current) void save();
          }}
        />
        <p id={`${inputId}-hint`} className="mt-1 text-sm text-muted">
          {t("nameHint")}
        </p>
        <FieldError id={errorId} message={error} />
      </div>
    );
  }

  return (
    <div className="flex items-start gap-2">
      <h2 id={headingId} className="min-w-0 text-xl font-semibold break-words text-primary-800">
        {study.name}
      </h2>
      <button
        ref={pencil}
        type="button"
        className="btn-ghost shrink-0 p-1.5"
        aria-label={t("editName")}
        title={t("editName")}
        onClick={start}
      >
        <Pencil aria-hidden className="size-4" />
      </button>
    </div>
  );
}
