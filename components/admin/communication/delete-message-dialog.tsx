"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { useApiMutation, wasDeletedElsewhere } from "@/components/data/use-api-mutation";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorCode } from "@/lib/errors/codes.shared";

/**
 * Deleting a message, after its confirmation. A refusal stays in the dialog (the translated
 * text of its code; 'could not delete panel message' without an answer or with code 13), and
 * `onRefused` hears its code (sent or scheduled elsewhere: the screen reads the message again).
 */
export function DeleteMessageDialog({
  id,
  subject,
  open,
  onOpenChange,
  onDeleted,
  onRefused,
}: {
  id: number;
  subject: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
  onRefused: (code: number) => void;
}) {
  const t = useTranslations("panelMessages.screen");
  const { run, pending } = useApiMutation();
  const [error, setError] = useState<string | null>(null);
  // Each opening starts without the last one's refusal.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setError(null);
  }

  async function confirm() {
    setError(null);
    const result = await run({ path: `/api/panel_message/${id}`, method: "DELETE" });
    // Deleted elsewhere meanwhile (404 code 14): gone all the same, and a retry could only fail
    // again, so the message leaves the list with a word of why.
    const gone = wasDeletedElsewhere(result);
    if (result.ok || gone) {
      if (gone) toast.info(t("alreadyDeleted"));
      else toast.success(t("deleted"));
      onDeleted();
      return;
    }
    const unexplained = result.error.network || result.error.code === ErrorCode.UNKNOWN;
    setError(unexplained ? t("deleteFailed") : result.message);
    onRefused(result.error.code);
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("confirmDeleteTitle")}
      description={t("confirmDeleteText", { subject })}
      confirmLabel={t("confirmDelete")}
      tone="danger"
      pending={pending}
      error={error}
      onConfirm={() => void confirm()}
    />
  );
}
