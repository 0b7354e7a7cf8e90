"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { FormAlert } from "@/components/auth/form-alert";
import { TextField } from "@/components/auth/text-field";
import { changePasswordFormSchema } from "@/lib/auth/schemas";
import type { PublicUser } from "@/lib/auth/session";
import { api } from "@/lib/api-client";
import { useErrorMessage } from "@/lib/i18n/use-error-message";
import { Modal } from "../modal";
import { useStaffUser } from "../staff-user-context";

const empty = { current_password: "", new_password: "", confirm_new_password: "" };

export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations("account");
  const tv = useTranslations("account.validation");
  const errorMessage = useErrorMessage();
  const { setUser } = useStaffUser();
  const schema = useMemo(() => changePasswordFormSchema(tv), [tv]);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: empty });
  const [serverError, setServerError] = useState<string | null>(null);

  function close() {
    form.reset(empty);
    setServerError(null);
    onClose();
  }

  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    const result = await api<PublicUser>("/api/change_password", {
      body: { current_password: values.current_password, new_password: values.new_password },
    });
    if (!result.ok) {
      setServerError(errorMessage(result.error));
      return;
    }
    setUser(result.data);
    toast.success(t("changePassword.success"));
    close();
  });

  const errors = form.formState.errors;
  const busy = form.formState.isSubmitting;
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && close()}
      title={t("changePassword.title")}
      description={t("changePassword.description")}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {serverError ? <FormAlert tone="error">{serverError}</FormAlert> : null}
        <TextField
          label={t("changePassword.currentPassword")}
          type="password"
          autoComplete="current-password"
          error={errors.current_password?.message}
          {...form.register("current_password")}
        />
        <TextField
          label={t("changePassword.newPassword")}
          type="password"
          autoComplete="new-password"
          hint={t("changePassword.rules")}
          error={errors.new_password?.message}
          {...form.register("new_password")}
        />
        <TextField
          label={t("changePassword.confirmNewPassword")}
          type="password"
          autoComplete="new-password"
          error={errors.confirm_new_password?.message}
          {...form.register("confirm_new_password")}
        />
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className="btn-secondary" onClick={close}>
            {t("cancel")}
          </button>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
            {t("changePassword.submit")}
          </button>
        </div>
      </form>
    </Modal>
  );
}
