"use client";

import { Pencil } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { useApiMutation } from "@/components/data/use-api-mutation";
import { useFlushMember, type FlushGroup } from "@/components/data/use-flush-group";
import { TextField } from "@/components/ui/text-field";
import { MAX_SUBJECT_LENGTH, subjectField, type PanelMessageDto } from "@/lib/mailings/schemas";

/**
 * The subject as the detail's heading, with a pencil to edit it in place while the message is a
 * draft. Leaving the field saves it (Enter too); Escape puts the stored subject back. A subject
 * that cannot be saved (empty, too long, refused) keeps the field open with the reason, and the
 * screen's flush reports it, so nothing is sent with a subject other than the one on screen.
 */
export function MessageSubject({
  message,
  editable,
  onSaved,
  registerFlush,
  headingId,
}: {
  message: Pick<PanelMessageDto, "id" | "subject">;
  editable: boolean;
  onSaved: (message: PanelMessageDto) => void;
  registerFlush?: FlushGroup["register"];
  headingId: string;
}) {
  const t = useTranslations("panelMessages.screen");
  const { run } = useApiMutation();
  const schema = useMemo(
    () =>
      subjectField({
        empty: t("subjectEmpty"),
        tooLong: t("subjectTooLong", { max: MAX_SUBJECT_LENGTH }),
        control: t("subjectControl"),
      }),
    [t],
  );
  const [editing, setEditingState] = useState(false);
  const [draft, setDraftState] = useState(message.subject);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState<string | null>(null);
  // The field takes focus when the reader opened it or pressed Enter, not when a save that
  // started on blur fails while they are working elsewhere.
  const [focusField, setFocusField] = useState(false);
  // Read by blur, key and flush handlers, which may run before React has rendered the change.
  const editingRef = useRef(false);
  const draftRef = useRef(message.subject);
  const inFlight = useRef<{ subject: string; promise: Promise<boolean> } | null>(null);
  const refocus = useRef(false);
  const editButton = useRef<HTMLButtonElement>(null);

  function setEditing(next: boolean) {
    editingRef.current = next;
    setEditingState(next);
  }
  function setDraft(next: string) {
    draftRef.current = next;
    setDraftState(next);
  }

  useEffect(() => {
    if (!editing && refocus.current) {
      refocus.current = false;
      editButton.current?.focus();
    }
  }, [editing]);

  function save(value: string, byKey = false): Promise<boolean> {
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t("subjectEmpty"));
      return Promise.resolve(false);
    }
    const subject = parsed.data;
    setError(null);
    setEditing(false);
    if (inFlight.current?.subject === subject) return inFlight.current.promise;
    if (subject === message.subject && !inFlight.current) return Promise.resolve(true);
    setSaving(subject);
    const promise = run<PanelMessageDto>({
      path: `/api/panel_message/${message.id}`,
      method: "PUT",
      body: { subject },
    }).then((result) => {
      if (inFlight.current?.promise === promise) inFlight.current = null;
      setSaving(null);
      if (result.ok) {
        onSaved(result.data);
        return true;
      }
      // Back into the field with what was typed, so it can be corrected or saved again.
      setDraft(subject);
      setFocusField(byKey);
      setEditing(true);
      setError(t("subjectSaveFailed", { message: result.message }));
      return false;
    });
    inFlight.current = { subject, promise };
    return promise;
  }

  useFlushMember(registerFlush, () => {
    if (editingRef.current) return save(draftRef.current);
    return inFlight.current?.promise ?? Promise.resolve(true);
  });

  function startEditing() {
    setDraft(message.subject);
    setError(null);
    setFocusField(true);
    setEditing(true);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter") {
      event.preventDefault();
      refocus.current = true;
      void save(draftRef.current, true);
    } else if (event.key === "Escape") {
      // The field only: the key must not close anything around it.
      event.preventDefault();
      event.stopPropagation();
      refocus.current = true;
      setDraft(message.subject);
      setError(null);
      setEditing(false);
    }
  }

  const shown = saving ?? message.subject;
  return (
    <div>
      {editing && editable ? (
        <TextField
          label={t("subject")}
          description={t("subjectHint")}
          error={error}
          value={draft}
          maxLength={MAX_SUBJECT_LENGTH + 50}
          autoFocus={focusField}
          onFocus={(e) => e.currentTarget.select()}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => {
            if (editingRef.current) void save(draftRef.current);
          }}
        />
      ) : (
        <div className="flex items-start gap-2">
          <h2
            id={headingId}
            className="min-w-0 flex-1 text-xl font-semibold break-words text-primary-800"
          >
            {shown}
          </h2>
          {editable ? (
            <button
              ref={editButton}
              type="button"
              className="btn-ghost shrink-0 p-2"
              aria-label={t("editSubject")}
              title={t("editSubject")}
              onClick={startEditing}
            >
              <Pencil aria-hidden className="size-5" />
            </button>
          ) : null}
        </div>
      )}
      <p aria-live="polite" className="sr-only">
        {saving ? t("savingSubject") : ""}
      </p>
    </div>
  );
}
