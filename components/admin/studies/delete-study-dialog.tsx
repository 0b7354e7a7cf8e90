"use client";

import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { toast } from "sonner";
import { useApiMutation, wasDeletedElsewhere } from "@/components/data/use-api-mutation";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { TextField } from "@/components/ui/text-field";
import type { StudyDto } from "@/lib/studies/schemas.shared";

/**
 * Deleting a study takes its survey, responses and attachments with it, so the name must be
 * typed exactly first ('confirmation does not match' until it is; the button stays disabled).
 * A failure is shown in the dialog; success closes it with 'successfully deleted study' (5 s),
 * and a study deleted elsewhere meanwhile leaves the list with a word of that.
 */
export function DeleteStudyDialog({
  study,
  open,
  onOpenChange,
  onDeleted,
}: {
  study: StudyDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
}) {
  const t = useTranslations("admin.studies");
  const [typed, setTyped] = useState("");
  const { run, pending, errorMessage, reset } = useApiMutation();
  const matches = typed === study.name;
  // After a delete the button that opened the dialog is gone; focus goes to 'create' instead.
  const deleted = useRef(false);

  function close(next: boolean) {
    if (!next) {
      setTyped("");
      reset();
    }
    onOpenChange(next);
  }

  // Read synchronously: Enter pressed twice in a row must not send a second delete, which the
  // `pending` of a render not yet made would let through.
  const sending = useRef(false);

  async function confirm() {
    if (!matches || sending.current) return;
    sending.current = true;
    try {
      const result = await run({ path: `/api/study/${study.id}`, method: "DELETE" });
      // Deleted elsewhere meanwhile (404 code 14): gone all the same, and a retry could only
      // fail again, so the study leaves the list with a word of why.
      const gone = wasDeletedElsewhere(result);
      if (!result.ok && !gone) return;
      deleted.current = true;
      if (gone) toast.info(t("alreadyDeleted"));
      else toast.success(t("deleted"));
      setTyped("");
      onDeleted();
    } finally {
      sending.current = false;
    }
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={close}
      title={t("deleteTitle")}
      description={t("deleteDescription", { name: study.name })}
      confirmLabel={<span className="first-letter:uppercase">{t("deleteConfirm")}</span>}
      tone="danger"
      pending={pending}
      confirmDisabled={!matches}
      error={errorMessage}
      onConfirm={() => void confirm()}
      returnFocus={() => (deleted.current ? document.getElementById("create-study") : null)}
    >
      <TextField
        label={t("deleteTypeName")}
        description={<span className="font-mono break-all">{study.name}</span>}
        value={typed}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => setTyped(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            void confirm();
          }
        }}
        error={typed !== "" && !matches ? t("deleteMismatch") : null}
      />
    </ConfirmDialog>
  );
}
