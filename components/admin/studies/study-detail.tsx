"use client";

import { ClipboardList, Copy, Trash2 } from "lucide-react";
import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { useAutosave, type Autosave } from "@/components/data/use-autosave";
import { useFlushGroup } from "@/components/data/use-flush-group";
import { RichTextEditor } from "@/components/rich-text/rich-text-editor";
import { useAdminOnly } from "@/components/ui/admin-only";
import { SaveStatus } from "@/components/ui/save-status";
import { StatusBadge } from "@/components/ui/status-badge";
import { SubmitButton } from "@/components/ui/submit-button";
import { ApiCallError, apiOrThrow, type ApiError } from "@/lib/api-client.shared";
import { ErrorCode } from "@/lib/errors/codes.shared";
import type { StudyDto } from "@/lib/studies/schemas.shared";
import { useStaffUser } from "@/components/admin/shell/staff-user-context";
import { AttachmentsSection } from "./attachments-section";
import { DeleteStudyDialog } from "./delete-study-dialog";
import { DownloadResponsesButton } from "./download-responses-button";
import { STATUS_TONES } from "./format";
import { StudyClosing } from "./study-closing";
import { StudyName } from "./study-name";
import { StudyStatusField } from "./study-status-field";

type RichField = "short_description" | "description";

/**
 * One study's detail pane. Each change sends only its own field (PUT answers the whole study,
 * which replaces the list's copy), so a rename, a status change and the descriptions' autosaves
 * never undo each other. The descriptions are kept here while they are being edited: an answer
 * from the server never resets what is being typed.
 */
export function StudyDetail({
  study,
  onChange,
  onDuplicate,
  onDeleted,
  registerFlush,
  focusHeading = false,
}: {
  study: StudyDto;
  /** Opened by an action whose button is gone now (duplicate): focus starts at its heading. */
  focusHeading?: boolean;
  onChange: (study: StudyDto) => void;
  /** Copies the study (descriptions, PDFs, survey) into a new not-started one. */
  onDuplicate: () => Promise<void>;
  onDeleted: (id: number) => void;
  /** Hands the screen a way to save everything pending before it closes this pane. */
  registerFlush: (flush: () => Promise<void>) => void;
}) {
  const t = useTranslations("admin.studies");
  const format = useFormatter();
  const { user } = useStaffUser();
  const [deleting, setDeleting] = useState(false);
  const [duplicating, setDuplicating] = useState(false);
  const headingId = useId();
  const deleteAdminOnly = useAdminOnly(user.is_admin, t("deleteOnlyAdmins"));
  const startFocused = useRef(focusHeading);
  useEffect(() => {
    if (startFocused.current) document.getElementById(headingId)?.focus();
  }, [headingId]);

  const shortDescription = useRichField(study, "short_description", onChange);
  const description = useRichField(study, "description", onChange);
  const flushShort = shortDescription.autosave.flush;
  const flushDescription = description.autosave.flush;
  // The name saves on its own (blur, Enter), the limit and end date with their own button; a
  // rename still open or on its way, and a limit or date typed and not saved, are part of the
  // pane's flush, so choosing another study or duplicating waits for them, and stays when that
  // fails.
  const partSaves = useFlushGroup();
  const flushParts = partSaves.flushAll;
  const partRefusal = useRef<ApiError | null>(null);
  const refused = (error: ApiError) => {
    partRefusal.current = error;
  };
  useEffect(() => {
    registerFlush(async () => {
      const [, , saved] = await Promise.all([flushShort(), flushDescription(), flushParts()]);
      if (!saved) {
        const error = partRefusal.current ?? { code: ErrorCode.UNKNOWN, message: "" };
        throw new ApiCallError(0, error);
      }
    });
  }, [registerFlush, flushShort, flushDescription, flushParts]);

  // Kept here: saving the limit or end date takes away a refusal to open the study.
  const [statusError, setStatusError] = useState<string | null>(null);

  return (
    <article
      aria-labelledby={headingId}
      className="space-y-8 rounded-lg border border-gray-200 bg-white p-4 sm:p-6"
    >
      <header className="space-y-3">
        <StudyName
          study={study}
          headingId={headingId}
          onSaved={onChange}
          registerFlush={partSaves.register}
          onRefused={refused}
        />
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted">
          <span>
            {t("createdOn", {
              date: format.dateTime(new Date(study.created_at * 1000), {
                dateStyle: "long",
                timeStyle: "short",
              }),
            })}
          </span>
          <StatusBadge tone={STATUS_TONES[study.status]}>{t(`status.${study.status}`)}</StatusBadge>
        </p>
        <div className="flex flex-wrap items-end gap-3">
          <StudyStatusField
            study={study}
            onChange={onChange}
            error={statusError}
            onError={setStatusError}
          />
          <Link href={`/admin/studies/${study.id}/survey`} className="btn-secondary">
            <ClipboardList aria-hidden className="size-4" />
            <span className="first-letter:uppercase">{t("editSurvey")}</span>
          </Link>
          <DownloadResponsesButton studyId={study.id} />
          <SubmitButton
            type="button"
            variant="secondary"
            pending={duplicating}
            pendingLabel={t("duplicating")}
            icon={<Copy aria-hidden className="size-4" />}
            onClick={() => {
              setDuplicating(true);
              void onDuplicate().finally(() => setDuplicating(false));
            }}
          >
            <span className="first-letter:uppercase">{t("duplicate")}</span>
          </SubmitButton>
          <button
            type="button"
            className="btn-danger"
            disabled={deleteAdminOnly.disabled}
            aria-describedby={deleteAdminOnly.describedBy}
            onClick={() => setDeleting(true)}
          >
            <Trash2 aria-hidden className="size-4" />
            <span className="first-letter:uppercase">{t("delete")}</span>
          </button>
          {deleteAdminOnly.reason}
        </div>
      </header>

      <StudyClosing
        study={study}
        onSaved={(saved) => {
          // A refusal to open the study named the limit or the end date; once either is changed
          // it may no longer hold, and the status field is tried again as it is.
          if (saved.response_limit !== study.response_limit || saved.closes_at !== study.closes_at)
            setStatusError(null);
          onChange(saved);
        }}
        registerFlush={partSaves.register}
        onRefused={refused}
      />

      <RichField label={t("shortDescription")} field={shortDescription} id={`short-${study.id}`} />
      <RichField label={t("description")} field={description} id={`description-${study.id}`} />

      <AttachmentsSection studyId={study.id} />

      <DeleteStudyDialog
        study={study}
        open={deleting}
        onOpenChange={setDeleting}
        onDeleted={() => {
          setDeleting(false);
          onDeleted(study.id);
        }}
      />
    </article>
  );
}

type RichFieldState = {
  value: string;
  setValue: (html: string) => void;
  autosave: Autosave<string>;
};

/** A description as typed here, saved by itself after a pause and when the field is left. */
function useRichField(
  study: StudyDto,
  field: RichField,
  onSaved: (study: StudyDto) => void,
): RichFieldState {
  const [value, setLocal] = useState(study[field]);
  const autosave = useAutosave<string>({
    delayMs: 1500,
    save: async (html, { keepalive }) => {
      const saved = await apiOrThrow<StudyDto>(`/api/study/${study.id}`, {
        method: "PUT",
        body: { [field]: html },
        keepalive,
      });
      onSaved(saved);
    },
  });
  return {
    value,
    setValue: (html) => {
      setLocal(html);
      autosave.change(html);
    },
    autosave,
  };
}

function RichField({ label, field, id }: { label: string; field: RichFieldState; id: string }) {
  const statusId = `${id}-status`;
  return (
    <div className="space-y-1">
      <RichTextEditor
        id={id}
        label={label}
        value={field.value}
        onChange={field.setValue}
        onBlur={() => void field.autosave.flush().catch(() => {})}
        aria-describedby={statusId}
      />
      <SaveStatus
        id={statusId}
        state={field.autosave.state}
        errorMessage={field.autosave.errorMessage}
      />
    </div>
  );
}
