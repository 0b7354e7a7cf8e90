"use client";

import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { useApiMutation } from "@/components/data/use-api-mutation";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

/** 'Sign out everywhere else': ends the account's other sessions, keeps this one. */
export function SignOutOthersDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations("account");
  const { run, pending, errorMessage, reset } = useApiMutation();

  async function confirm() {
    const result = await run<{ ended_sessions: number }>({
      path: "/api/sign_out_others",
      body: {},
    });
    if (!result.ok) return;
    toast.success(t("signOutOthersDialog.success", { count: result.data.ended_sessions }));
    onClose();
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (next) return;
        reset();
        onClose();
      }}
      title={t("signOutOthersDialog.title")}
      description={t("signOutOthersDialog.description")}
      confirmLabel={t("signOutOthersDialog.submit")}
      pending={pending}
      error={errorMessage}
      onConfirm={() => void confirm()}
    />
  );
}
