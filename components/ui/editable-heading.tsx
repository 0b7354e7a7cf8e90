"use client";

import { Pencil } from "lucide-react";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useFlushMember, type FlushGroup } from "@/components/data/use-flush-group";
import { TextField } from "./text-field";
import { useAskBeforeUnload } from "@/components/data/use-ask-before-unload";

/** Checks a typed value: the value to store, or the message to show under the field. */
export type HeadingCheck = (typed: string) => { value: string } | { error: string };

/** Stores a value: null once stored, else the message to show under the reopened field. */
export type HeadingSave = (value: string) => Promise<string | null>;

/**
 * A record's name as a pane's heading, with a pencil that turns it into a field. Leaving the
 * field saves (Enter too, which then returns focus to the pencil); Escape puts the stored value
 * back. While the save runs the heading already shows the new value. A value that cannot be
 * stored (refused by `check` or by the server) keeps or reopens the field with what was typed
 * and the reason, so nothing typed is lost. With `registerFlush`, an action that uses the stored
 * record can first wait for the save, or learn that it failed. The heading stays in the page
 * (for screen readers only) while the field is open, so whatever it names keeps its name. It
 * takes focus from script (tabindex -1) when what had the focus leaves the screen.
 */
export function EditableHeading({
  value,
  headingId,
  editable = true,
  label,
  hint,
  editLabel,
  savingLabel,
  maxLength,
  check,
  save,
  registerFlush,
}: {
  value: string;
  headingId: string;
  editable?: boolean;
  label: string;
  hint: string;
  /** The pencil's name. */
  editLabel: string;
  /** Announced while a save runs. */
  savingLabel: string;
  /** Typing may go a little past it, so `check` can say the value is too long. */
  maxLength: number;
  check: HeadingCheck;
  save: HeadingSave;
  registerFlush?: FlushGroup["register"];
}) {
  const [editing, setEditingState] = useState(false);
  const [draft, setDraftState] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState<string | null>(null);
  // The field takes focus when the reader opened it or pressed Enter, not when a save that
  // started on blur fails while they are working elsewhere.
  const [focusField, setFocusField] = useState(false);
  // Read by blur, key and flush handlers, which may run before React has rendered the change.
  // A refusal that reopened the field without focus (it was left, not confirmed with Enter):
  // said in the live region, since nothing reads the field's own error out then.
  const [announcement, setAnnouncement] = useState<string | null>(null);
  const editingRef = useRef(false);
  const draftRef = useRef(value);
  const inFlight = useRef<{ value: string; promise: Promise<boolean> } | null>(null);
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

  // A value typed and not stored yet (the field open with a change, or its save on its way):
  // the browser asks before the page is reloaded or closed, as for the autosaved fields.
  const unsaved = (editing && draft !== value) || saving !== null;
  useAskBeforeUnload(unsaved);

  function commit(typed: string, byKey = false): Promise<boolean> {
    const checked = check(typed);
    if ("error" in checked) {
      setError(checked.error);
      // Left by Tab or a click elsewhere: the field no longer has focus to read its reason out.
      setAnnouncement(byKey ? null : checked.error);
      return Promise.resolve(false);
    }
    const next = checked.value;
    setError(null);
    setAnnouncement(null);
    setEditing(false);
    if (inFlight.current?.value === next) return inFlight.current.promise;
    if (next === value && !inFlight.current) return Promise.resolve(true);
    setSaving(next);
    const promise = save(next).then((refusal) => {
      if (inFlight.current?.promise === promise) inFlight.current = null;
      setSaving(null);
      if (refusal === null) return true;
      setDraft(next);
      setFocusField(byKey);
      setEditing(true);
      setError(refusal);
      setAnnouncement(byKey ? null : refusal);
      return false;
    });
    inFlight.current = { value: next, promise };
    return promise;
  }

  useFlushMember(registerFlush, () => {
    if (editingRef.current) return commit(draftRef.current);
    return inFlight.current?.promise ?? Promise.resolve(true);
  });

  function startEditing() {
    setDraft(value);
    setError(null);
    setAnnouncement(null);
    setFocusField(true);
    setEditing(true);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter") {
      event.preventDefault();
      refocus.current = true;
      void commit(draftRef.current, true);
    } else if (event.key === "Escape") {
      // The field only: the key must not close anything around it.
      event.preventDefault();
      event.stopPropagation();
      refocus.current = true;
      setDraft(value);
      setError(null);
      setEditing(false);
    }
  }

  const shown = saving ?? value;
  const open = editing && editable;
  return (
    <div>
      {open ? (
        <>
          <h2 id={headingId} tabIndex={-1} className="sr-only">
            {shown}
          </h2>
          <TextField
            label={label}
            description={hint}
            error={error}
            value={draft}
            maxLength={maxLength + 50}
            autoFocus={focusField}
            onFocus={(e) => e.currentTarget.select()}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKeyDown}
            onBlur={() => {
              if (editingRef.current) void commit(draftRef.current);
            }}
          />
        </>
      ) : (
        <div className="flex items-start gap-2">
          <h2
            id={headingId}
            tabIndex={-1}
            className="min-w-0 flex-1 text-xl font-semibold break-words text-primary-800"
          >
            {shown}
          </h2>
          {editable ? (
            <button
              ref={editButton}
              type="button"
              className="btn-ghost shrink-0 p-2"
              aria-label={editLabel}
              title={editLabel}
              onClick={startEditing}
            >
              <Pencil aria-hidden className="size-5" />
            </button>
          ) : null}
        </div>
      )}
      <p aria-live="polite" className="sr-only">
        {saving ? savingLabel : (announcement ?? "")}
      </p>
    </div>
  );
}
