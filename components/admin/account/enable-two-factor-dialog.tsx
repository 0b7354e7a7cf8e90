"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useState } from "react";
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

type Setup = { qr_code: string; totp_secret: string };

/** Turns two-factor on: a fresh QR code (and its key) to scan, then a code from the app. */
export function EnableTwoFactorDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations("account");
  const tv = useTranslations("account.validation");
  const errorMessage = useErrorMessage();
  const { setUser } = useStaffUser();
  // The code field is the same as in the disable form; the secret comes from the setup call.
  const schema = useMemo(() => disableTwoFactorSchema(tv), [tv]);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { totp_code: "" } });
  const [setup, setSetup] = useState<Setup | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    void api<Setup>("/api/generate_2fa_secret", { signal: controller.signal }).then((result) => {
      if (controller.signal.aborted) return;
      if (result.ok) setSetup(result.data);
      else setServerError(errorMessage(result.error));
    });
    return () => controller.abort();
    // errorMessage is a new function every render; the call depends on opening only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  function close() {
    form.reset({ totp_code: "" });
    setSetup(null);
    setServerError(null);
    onClose();
  }

  const submit = form.handleSubmit(async (values) => {
    if (!setup) return;
    setServerError(null);
    const result = await api<PublicUser>("/api/enable_2fa", {
      body: { totp_secret: setup.totp_secret, totp_code: values.totp_code },
    });
    if (!result.ok) {
      setServerError(errorMessage(result.error));
      return;
    }
    setUser(result.data);
    toast.success(t("enable.success"));
    close();
  });

  const busy = form.formState.isSubmitting;
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && close()}
      title={t("enable.title")}
      description={t("enable.description")}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {serverError ? <FormAlert tone="error">{serverError}</FormAlert> : null}
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
        ) : serverError ? null : (
          <p role="status" className="flex items-center gap-2 text-muted">
            <Loader2 aria-hidden className="size-4 animate-spin" />
            {t("enable.loading")}
          </p>
        )}
        <TextField
          label={t("enable.code")}
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
          <button type="submit" className="btn-primary" disabled={busy || !setup}>
            {busy ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
            {t("enable.submit")}
          </button>
        </div>
      </form>
    </Modal>
  );
}
