"use client";

import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { toast } from "sonner";
import { useApiForm } from "@/components/data/use-api-form";
import { CodeField } from "@/components/ui/code-field";
import { DialogForm, FormDialog } from "@/components/ui/form-dialog";
import { disableTwoFactorSchema } from "@/lib/auth/schemas.shared";
import type { PublicUser } from "@/lib/auth/public-user.shared";
import { useStaffUser } from "@/components/admin/shell/staff-user-context";
import { ErrorCode } from "@/lib/errors/codes.shared";

export function DisableTwoFactorDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations("account");
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t("disable.title")}
      description={t("disable.description")}
    >
      <DisableTwoFactorForm onClose={onClose} />
    </FormDialog>
  );
}

function DisableTwoFactorForm({ onClose }: { onClose: () => void }) {
  const t = useTranslations("account");
  const tv = useTranslations("account.validation");
  const { user, setUser } = useStaffUser();
  const schema = useMemo(() => disableTwoFactorSchema(tv), [tv]);
  const form = useApiForm({
    schema,
    codeFields: { [ErrorCode.INCORRECT_2FA_CODE]: "totp_code" },
    defaultValues: { totp_code: "" },
    submit: (values) => ({ path: "/api/disable_2fa", body: values }),
    onSuccess: (updated: PublicUser) => {
      setUser(updated);
      toast.success(t("disable.success"));
      onClose();
    },
    // Turned off meanwhile in another tab (code 11): the account's row shows it off, with
    // Enable, once this dialog is closed.
    onError: (error) => {
      if (error.code === ErrorCode.TWO_FACTOR_ALREADY_DISABLED) {
        setUser({ ...user, two_factor_enabled: false });
      }
    },
  });

  return (
    <DialogForm form={form} submitLabel={t("disable.submit")} tone="danger" onCancel={onClose}>
      <CodeField label={t("disable.code")} {...form.field("totp_code")} />
    </DialogForm>
  );
}
