"use client";

import { Loader2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { FormAlert } from "@/components/auth/form-alert";
import { api } from "@/lib/api-client";
import { useErrorMessage } from "@/lib/i18n/use-error-message";
import { Modal } from "../modal";

export function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations("account");
  const errorMessage = useErrorMessage();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  function close() {
    if (busy) return;
    setServerError(null);
    onClose();
  }

  async function confirm() {
    setBusy(true);
    setServerError(null);
    const result = await api("/api/delete_account", { method: "DELETE" });
    setBusy(false);
    if (!result.ok) {
      // Code 8 here can only mean: the last admin (see DESIGN-NOTES).
      setServerError(result.error.code === 8 ? t("delete.lastAdmin") : errorMessage(result.error));
      return;
    }
    toast.success(t("delete.success"));
    router.replace("/home");
    router.refresh();
  }

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && close()}
      title={t("delete.title")}
      description={t("delete.description")}
    >
      <div className="space-y-4">
        {serverError ? <FormAlert tone="error">{serverError}</FormAlert> : null}
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className="btn-secondary" onClick={close} disabled={busy}>
            {t("cancel")}
          </button>
          <button type="button" className="btn-danger" onClick={() => void confirm()} disabled={busy}>
            {busy ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
            {t("delete.submit")}
          </button>
        </div>
      </div>
    </Modal>
  );
}
