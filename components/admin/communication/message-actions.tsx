"use client";

import { FlaskConical, Send, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { ActionButton } from "@/components/ui/action-button";
import type { AdminOnly } from "@/components/ui/admin-only";
import { Alert } from "@/components/ui/alert";

/**
 * The message's actions: Send (admins, a loaded draft), a test mail to oneself, and Delete (a
 * draft, or a message that came to its time with nobody to send to), with why Send is not
 * offered and the last action's refusal below them.
 */
export function MessageActions({
  draft,
  canSend,
  deletable,
  sendAdminOnly,
  checking,
  testing,
  error,
  onSend,
  onTest,
  onDelete,
}: {
  draft: boolean;
  /** A draft as stored, not only the list's copy of it. */
  canSend: boolean;
  deletable: boolean;
  sendAdminOnly: AdminOnly;
  /** Saving what is on screen before the send dialog opens. */
  checking: boolean;
  testing: boolean;
  error: string | null;
  onSend: () => void;
  onTest: () => void;
  onDelete: () => void;
}) {
  const t = useTranslations("panelMessages.screen");
  return (
    <div>
      <div role="group" aria-label={t("actions")} className="flex flex-wrap gap-2">
        <ActionButton
          variant="primary"
          icon={Send}
          disabled={!canSend || sendAdminOnly.disabled}
          pending={checking}
          aria-describedby={draft ? sendAdminOnly.describedBy : undefined}
          onClick={onSend}
        >
          {t("send")}
        </ActionButton>
        <ActionButton variant="secondary" icon={FlaskConical} pending={testing} onClick={onTest}>
          {t("sendTest")}
        </ActionButton>
        <ActionButton variant="danger" icon={Trash2} disabled={!deletable} onClick={onDelete}>
          {t("delete")}
        </ActionButton>
      </div>
      {draft && sendAdminOnly.reason ? <div className="mt-2">{sendAdminOnly.reason}</div> : null}
      {error ? (
        <Alert tone="error" className="mt-3">
          {error}
        </Alert>
      ) : null}
    </div>
  );
}
