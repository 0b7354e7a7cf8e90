"use client";

import { useTranslations } from "next-intl";
import { useEffect, useMemo } from "react";
import { toast } from "sonner";
import { useApiForm } from "@/components/data/use-api-form";
import { useApiQuery } from "@/components/data/use-api-query";
import { useErrorMessage } from "@/components/data/use-error-message";
import { CodeField } from "@/components/ui/code-field";
import { DialogForm, FormDialog } from "@/components/ui/form-dialog";
import { Spinner } from "@/components/ui/spinner";
import { disableTwoFactorSchema } from "@/lib/auth/schemas.shared";
import type { PublicUser } from "@/lib/auth/public-user.shared";
import { useStaffUser } from "@/components/admin/shell/staff-user-context";
import { ErrorCode } from "@/lib/errors/codes.shared";

type Setup = { qr_code: string; totp_secret: string };

/** Turns two-factor on: a fresh QR code (and its key) to scan, then a code from the app. */
export function EnableTwoFactorDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations("account");
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t("enable.title")}
      description={t("enable.description")}
    >
      <EnableTwoFactorForm onClose={onClose} />
    </FormDialog>
  );
}

/** Mounted each time the dialog opens, so every opening asks for a new secret. */
function EnableTwoFactorForm({ onClose }: { onClose: () => void }) {
  const t = useTranslations("account");
  const tv = useTranslations("account.validation");
  const errorMessage = useErrorMessage();
  const { user, setUser } = useStaffUser();
  const { data: setup, error: setupError } = useApiQuery<Setup>("/api/generate_2fa_secret");
  // Turned on meanwhile in another tab (code 9, from the set-up or the confirmation): the
  // account's row shows it on, with Disable, once this dialog is closed.
  const enabledElsewhere = () => {
    if (!user.two_factor_enabled) {
      setUser({ ...user, two_factor_enabled: true, two_factor_setup_required: false });
    }
  };
  const setupRefusedAsOn = setupError?.code === ErrorCode.TWO_FACTOR_ALREADY_ENABLED;
  useEffect(() => {
    if (setupRefusedAsOn && !user.two_factor_enabled) {
      setUser({ ...user, two_factor_enabled: true, two_factor_setup_required: false });
    }
  }, [setupRefusedAsOn, user, setUser]);
  // The code field is the same as in the disable form; the secret comes from the setup call.
  const schema = useMemo(() => disableTwoFactorSchema(tv), [tv]);
  const form = useApiForm({
    schema,
    codeFields: { [ErrorCode.INCORRECT_2FA_CODE]: "totp_code" },
    defaultValues: { totp_code: "" },
    submit: (values) => ({
      path: "/api/enable_2fa",
      body: { totp_secret: setup?.totp_secret ?? "", totp_code: values.totp_code },
    }),
    onSuccess: (updated: PublicUser) => {
      setUser(updated);
      toast.success(t("enable.success"));
      onClose();
    },
    onError: (error) => {
      if (error.code === ErrorCode.TWO_FACTOR_ALREADY_ENABLED) enabledElsewhere();
    },
  });

  return (
    <DialogForm
      form={form}
      alert={form.formError ?? (setupError ? errorMessage(setupError) : null)}
      submitLabel={t("enable.submit")}
      submitDisabled={!setup}
      onCancel={onClose}
    >
      {setup ? (
        <div className="flex flex-col items-center gap-3">
          {/* eslint-disable-next-line @next/next/no-img-element -- a generated data URL, nothing to optimise */}
          <img
            src={`data:image/png;base64,${setup.qr_code}`}
            alt={t("enable.qrAlt")}
            width={240}
            height={240}
            className="rounded border border-gray-200"
          />
          <p className="text-center text-sm text-muted">
            {t("enable.manual")}
            <code
              data-testid="totp-secret"
              className="mt-1 block rounded bg-gray-100 px-2 py-1 font-mono text-sm break-all text-ink"
            >
              {setup.totp_secret}
            </code>
          </p>
        </div>
      ) : setupError ? null : (
        <Spinner label={t("enable.loading")} />
      )}
      <CodeField label={t("enable.code")} {...form.field("totp_code")} />
    </DialogForm>
  );
}
