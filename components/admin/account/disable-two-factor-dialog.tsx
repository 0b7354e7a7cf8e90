"use client";

import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { toast } from "sonner";
import { useApiForm } from "@/components/data/use-api-form";
import { Alert } from "@/components/ui/alert";
import { CodeField } from "@/components/ui/code-field";
import { Dialog } from "@/components/ui/dialog";
import { SubmitButton } from "@/components/ui/submit-button";
import { disableTwoFactorSchema } from "@/lib/auth/schemas";
import type { PublicUser } from "@/lib/auth/public-user";
import { useStaffUser } from "@/components/admin/shell/staff-user-context";

export function DisableTwoFactorDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations("account");
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t("disable.title")}
      description={t("disable.description")}
    >
      <DisableTwoFactorForm onClose={onClose} />
    </Dialog>
  );
}

function DisableTwoFactorForm({ onClose }: { onClose: () => void }) {
  const t = useTranslations("account");
  const tv = useTranslations("account.validation");
  const { setUser } = useStaffUser();
  const schema = useMemo(() => disableTwoFactorSchema(tv), [tv]);
  const form = useApiForm({
    schema,
    defaultValues: { totp_code: "" },
    submit: (values) => ({ path: "/api/disable_2fa", body: values }),
    onSuccess: (user: PublicUser) => {
      setUser(user);
      toast.success(t("disable.success"));
      onClose();
    },
  });

  return (
    <form method="post" onSubmit={form.onSubmit} noValidate className="space-y-4">
      {form.formError ? <Alert tone="error">{form.formError}</Alert> : null}
      <CodeField label={t("disable.code")} {...form.field("totp_code")} />
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" className="btn-secondary" onClick={onClose}>
          {t("cancel")}
        </button>
        <SubmitButton variant="danger" pending={form.pending}>
          {t("disable.submit")}
        </SubmitButton>
      </div>
    </form>
  );
}
