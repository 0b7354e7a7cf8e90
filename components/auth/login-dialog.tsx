"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import * as Dialog from "@radix-ui/react-dialog";
import { Loader2, X } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import type { PublicUser } from "@/lib/auth/session";
import { loginSchema, loginTwoFactorSchema } from "@/lib/auth/schemas";
import { api } from "@/lib/api-client";
import { useErrorMessage } from "@/lib/i18n/use-error-message";
import { FormAlert } from "./form-alert";
import { TextField } from "./text-field";

type LoginAnswer = { two_factor_required: true } | { two_factor_required: false; user: PublicUser };

/**
 * The staff login dialog opened from the footer. Step 1 asks for e-mail and password; when the
 * account has two-factor on, step 2 asks for the 6-digit code. Closing resets both steps.
 */
export function LoginDialog({
  triggerLabel,
  initiallyOpen = false,
}: {
  triggerLabel: string;
  /** Open at once: the footer loads this dialog only when its button is first pressed. */
  initiallyOpen?: boolean;
}) {
  const t = useTranslations("auth.login");
  const tc = useTranslations("common");
  const tv = useTranslations("auth.validation");
  const errorMessage = useErrorMessage();
  const router = useRouter();
  const [open, setOpen] = useState(initiallyOpen);
  const [step, setStep] = useState<"password" | "code">("password");
  const [email, setEmail] = useState("");
  const [serverError, setServerError] = useState<string | null>(null);

  const passwordSchema = useMemo(() => loginSchema(tv), [tv]);
  const codeSchema = useMemo(() => loginTwoFactorSchema(tv), [tv]);
  const passwordForm = useForm({
    resolver: zodResolver(passwordSchema),
    defaultValues: { email: "", password: "" },
  });
  const codeForm = useForm({ resolver: zodResolver(codeSchema), defaultValues: { totp_code: "" } });

  // The code field takes the focus when the second step appears (the password step's button,
  // which had it, is gone).
  const { setFocus } = codeForm;
  useEffect(() => {
    if (step === "code") setFocus("totp_code");
  }, [step, setFocus]);

  function resetAll() {
    passwordForm.reset();
    codeForm.reset();
    setStep("password");
    setEmail("");
    setServerError(null);
  }

  function changeOpen(next: boolean) {
    setOpen(next);
    if (!next) resetAll();
  }

  function signedIn() {
    setOpen(false);
    resetAll();
    router.push("/admin/studies");
  }

  const submitPassword = passwordForm.handleSubmit(async (values) => {
    setServerError(null);
    const result = await api<LoginAnswer>("/api/login", { body: values });
    if (!result.ok) {
      setServerError(errorMessage(result.error));
      return;
    }
    if (result.data.two_factor_required) {
      setEmail(values.email);
      setStep("code");
      return;
    }
    signedIn();
  });

  const submitCode = codeForm.handleSubmit(async (values) => {
    setServerError(null);
    const result = await api<{ user: PublicUser }>("/api/login_2fa", {
      body: { email, totp_code: values.totp_code },
    });
    if (result.ok) {
      signedIn();
      return;
    }
    setServerError(errorMessage(result.error));
    // Code 1: the password step has to be done again (expired, or too many wrong codes).
    if (result.error.code === 1) {
      codeForm.reset();
      setStep("password");
    }
  });

  const passwordErrors = passwordForm.formState.errors;
  const codeErrors = codeForm.formState.errors;
  const busy = passwordForm.formState.isSubmitting || codeForm.formState.isSubmitting;

  return (
    <Dialog.Root open={open} onOpenChange={changeOpen}>
      <Dialog.Trigger className="btn-secondary">{triggerLabel}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl">
          <Dialog.Title className="pr-8 text-lg font-semibold">
            {step === "password" ? t("title") : t("codeTitle")}
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted">
            {step === "password" ? t("description") : t("codeDescription")}
          </Dialog.Description>
          <Dialog.Close className="btn-ghost absolute top-3 right-3 p-2" aria-label={tc("close")}>
            <X aria-hidden className="size-5" />
          </Dialog.Close>

          {step === "password" ? (
            <form onSubmit={submitPassword} noValidate className="mt-5 space-y-4">
              {serverError ? <FormAlert tone="error">{serverError}</FormAlert> : null}
              <TextField
                label={t("email")}
                type="email"
                autoComplete="username"
                inputMode="email"
                error={passwordErrors.email?.message}
                {...passwordForm.register("email")}
              />
              <TextField
                label={t("password")}
                type="password"
                autoComplete="current-password"
                error={passwordErrors.password?.message}
                {...passwordForm.register("password")}
              />
              <div className="flex flex-wrap items-center justify-between gap-3">
                <Link
                  href="/forgot-password"
                  className="text-sm text-primary-700 underline"
                  onClick={() => changeOpen(false)}
                >
                  {t("forgotPassword")}
                </Link>
                <button type="submit" className="btn-primary" disabled={busy}>
                  {busy ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
                  {t("submit")}
                </button>
              </div>
            </form>
          ) : (
            <form onSubmit={submitCode} noValidate className="mt-5 space-y-4">
              {serverError ? <FormAlert tone="error">{serverError}</FormAlert> : null}
              <TextField
                label={t("code")}
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={7}
                error={codeErrors.totp_code?.message}
                {...codeForm.register("totp_code")}
              />
              <div className="flex flex-wrap items-center justify-between gap-3">
                <button
                  type="button"
                  className="btn-ghost"
                  onClick={() => {
                    codeForm.reset();
                    setServerError(null);
                    setStep("password");
                  }}
                >
                  {t("back")}
                </button>
                <button type="submit" className="btn-primary" disabled={busy}>
                  {busy ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
                  {t("verify")}
                </button>
              </div>
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
