"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useApiMutation } from "@/components/data/use-api-mutation";
import { leaveFlashNotice } from "@/components/ui/flash-notice";
import { PasswordConfirmDialog } from "@/components/ui/password-confirm-dialog";
import { ErrorCode } from "@/lib/errors/codes.shared";

export function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations("account");
  const router = useRouter();
  // Code 8 here can only mean: the last admin (see docs/auth.md).
  const { run, pending, errorMessage, reset } = useApiMutation({
    texts: { [ErrorCode.ADMIN_REQUIRED]: t("delete.lastAdmin") },
  });

  // Deleted: busy until the home page replaces the portal, so a second press sends nothing.
  const [leaving, setLeaving] = useState(false);

  async function confirm(password: string) {
    if (leaving) return;
    const result = await run({
      path: "/api/delete_account",
      method: "DELETE",
      body: { password },
    });
    if (!result.ok) return;
    setLeaving(true);
    // Said on the home page: the portal, and its toasts, are gone with the account.
    leaveFlashNotice(t("delete.success"));
    router.replace("/home");
    router.refresh();
  }

  return (
    <PasswordConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (next) return;
        reset();
        onClose();
      }}
      title={t("delete.title")}
      description={t("delete.description")}
      confirmLabel={t("delete.submit")}
      tone="danger"
      pending={pending || leaving}
      error={errorMessage}
      onConfirm={(password) => void confirm(password)}
    />
  );
}
