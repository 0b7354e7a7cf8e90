"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { FormAlert } from "@/components/auth/form-alert";
import { TextField } from "@/components/auth/text-field";
import { disableTwoFactorSchema } from "@/lib/auth/schemas";
import type { PublicUser } from "@/lib/auth/session";
import { api } from "@/lib/api-client";
import { useErrorMessage } from "@/lib/i18n/use-error-message";
import { Modal } from "../modal";
import { useStaffUser } from "../staff-user-context";

export function DisableTwoFactorDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations("account");
  const tv = useTranslations("account.validation");
  const errorMessage = useErrorMessage();
  const { setUser } = useStaffUser();
  const schema = useMemo(() => disableTwoFactorSchema(tv), [tv]);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { totp_code: "" } });
  const [serverError, setServerError] = useState<string | null>(null);

  function close() {
    form.reset({ totp_code: "" });
    setServerError(null);
    onClose();
  }

  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    const result = await api<PublicUser>("/api/disable_2fa", { body: values });
    if (!result.ok) {
      setServerError(errorMessage(result.error));
      return;
    }
    setUser(result.data);
    toast.success(t("disable.success"));
    close();
  });

  const busy = form.formState.isSubmitting;
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && close()}
      title={t("disable.title")}
      description={t("disable.description")}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {serverError ? <FormAlert tone="error">{serverError}</FormAlert> : null}
        <TextField
          label={t("disable.code")}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          error={form.formState.errors.totp_code?.message}
          {...form.register("totp_code")}
        />
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className="btn-secondary" onClick={close}>
            {t("cancel")}
          </button>
          <button type="submit" className="btn-danger" disabled={busy}>
            {busy ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
            {t("disable.submit")}
          </button>
        </div>
      </form>
    </Modal>
  );
}
