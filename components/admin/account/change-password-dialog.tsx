"use client";

import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { toast } from "sonner";
import { useApiForm } from "@/components/data/use-api-form";
import { DialogForm, FormDialog } from "@/components/ui/form-dialog";
import { PasswordField } from "@/components/ui/password-field";
import { changePasswordFormSchema, COMMON_PASSWORD_TEXT } from "@/lib/auth/schemas.shared";
import type { PublicUser } from "@/lib/auth/public-user.shared";
import { useStaffUser } from "@/components/admin/shell/staff-user-context";
import { ErrorCode } from "@/lib/errors/codes.shared";

export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations("account");
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t("changePassword.title")}
      description={t("changePassword.description")}
    >
      <ChangePasswordForm onClose={onClose} />
    </FormDialog>
  );
}

function ChangePasswordForm({ onClose }: { onClose: () => void }) {
  const t = useTranslations("account");
  const tv = useTranslations("account.validation");
  const { setUser } = useStaffUser();
  const schema = useMemo(() => changePasswordFormSchema(tv), [tv]);
  const form = useApiForm({
    schema,
    codeFields: { [ErrorCode.WRONG_PASSWORD]: "current_password" },
    defaultValues: { current_password: "", new_password: "", confirm_new_password: "" },
    fieldTexts: { [COMMON_PASSWORD_TEXT]: tv("passwordTooCommon") },
    submit: (values) => ({
      path: "/api/change_password",
      body: { current_password: values.current_password, new_password: values.new_password },
    }),
    onSuccess: (user: PublicUser) => {
      setUser(user);
      toast.success(t("changePassword.success"));
      onClose();
    },
  });

  return (
    <DialogForm form={form} submitLabel={t("changePassword.submit")} onCancel={onClose}>
      <PasswordField
        label={t("changePassword.currentPassword")}
        {...form.field("current_password")}
      />
      <PasswordField
        label={t("changePassword.newPassword")}
        autoComplete="new-password"
        description={t("changePassword.rules")}
        {...form.field("new_password")}
      />
      <PasswordField
        label={t("changePassword.confirmNewPassword")}
        autoComplete="new-password"
        {...form.field("confirm_new_password")}
      />
    </DialogForm>
  );
}
