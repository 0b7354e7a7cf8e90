"use client";

import Link from "next/link";
import { NextIntlClientProvider, useLocale, useMessages, useTranslations } from "next-intl";
import { useEffect, useMemo, useRef, useState } from "react";
import { useApiForm } from "@/components/data/use-api-form";
import { Alert } from "@/components/ui/alert";
import { CodeField } from "@/components/ui/code-field";
import { Dialog, useHoldsDialogOpen } from "@/components/ui/dialog";
import { EmailField } from "@/components/ui/email-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { PasswordField } from "@/components/ui/password-field";
import { MAX_CODE_ATTEMPTS } from "@/lib/auth/challenge-limits.shared";
import type { PublicUser } from "@/lib/auth/public-user.shared";
import { loginSchema, loginTwoFactorSchema } from "@/lib/auth/schemas.shared";
import { ErrorCode } from "@/lib/errors/codes.shared";
import enAuth from "@/i18n/messages/en/auth.json";
import enErrors from "@/i18n/messages/en/errors.json";
import nlAuth from "@/i18n/messages/nl/auth.json";
import nlErrors from "@/i18n/messages/nl/errors.json";

type LoginAnswer = { two_factor_required: true } | { two_factor_required: false; user: PublicUser };

/**
 * The staff login dialog opened from the footer. Step 1 asks for e-mail and password; when the
 * account has two-factor on, step 2 asks for the 6-digit code. Closing resets both steps (the
 * steps live inside the dialog, which unmounts its content when it closes).
 */
export function LoginDialog(props: LoginDialogProps) {
  // The dialog brings its own texts and the error texts: it loads only when a staff member asks
  // for it, so the pages carry none of them in their HTML. Both languages are in this chunk;
  // the page's own messages stay as they are.
  const locale = useLocale();
  const messages = useMessages();
  const [auth, errors] = locale === "en" ? [enAuth, enErrors] : [nlAuth, nlErrors];
  return (
    <NextIntlClientProvider
      locale={locale}
      messages={{ ...messages, auth: { login: auth.login, validation: auth.validation }, errors }}
    >
      <LoginDialogContent {...props} />
    </NextIntlClientProvider>
  );
}

type LoginDialogProps = {
  triggerLabel: string;
  /** Open at once: the footer loads this dialog only when its button is first pressed. */
  initiallyOpen?: boolean;
};

function LoginDialogContent({ triggerLabel, initiallyOpen = false }: LoginDialogProps) {
  const t = useTranslations("auth.login");
  const [open, setOpen] = useState(initiallyOpen);
  const [step, setStep] = useState<"password" | "code">("password");

  function changeOpen(next: boolean) {
    setOpen(next);
    if (!next) setStep("password");
  }

  return (
    <Dialog
      open={open}
      onOpenChange={changeOpen}
      trigger={
        <button type="button" className="btn-secondary">
          {triggerLabel}
        </button>
      }
      title={step === "password" ? t("title") : t("codeTitle")}
      description={step === "password" ? t("description") : t("codeDescription")}
    >
      <LoginSteps step={step} onStep={setStep} onClose={() => changeOpen(false)} />
    </Dialog>
  );
}

function LoginSteps({
  step,
  onStep,
  onClose,
}: {
  step: "password" | "code";
  onStep: (step: "password" | "code") => void;
  onClose: () => void;
}) {
  const t = useTranslations("auth.login");
  const tv = useTranslations("auth.validation");
  const [email, setEmail] = useState("");
  // Wrong codes answered in this challenge: the server ends it after the last one allowed.
  const wrongCodes = useRef(0);

  function signedIn(user: PublicUser) {
    onClose();
    // A full page load: a client-side navigation would keep the public page's document and its
    // CSP, and the portal must run under its own stricter, per-request one. An account that must
    // still set up two-factor can do nothing else, so it goes to its account page.
    window.location.assign(user.two_factor_setup_required ? "/account" : "/admin/studies");
  }

  const passwordSchema = useMemo(() => loginSchema(tv), [tv]);
  const codeSchema = useMemo(() => loginTwoFactorSchema(tv), [tv]);
  const passwordForm = useApiForm({
    schema: passwordSchema,
    defaultValues: { email: "", password: "" },
    submit: (values) => ({ path: "/api/login", body: values }),
    onSuccess: (answer: LoginAnswer, values) => {
      if (!answer.two_factor_required) return signedIn(answer.user);
      setEmail(values.email);
      wrongCodes.current = 0;
      onStep("code");
    },
  });
  const codeForm = useApiForm({
    schema: codeSchema,
    defaultValues: { totp_code: "" },
    submit: (values) => ({ path: "/api/login_2fa", body: { email, totp_code: values.totp_code } }),
    onSuccess: (answer: { user: PublicUser }) => signedIn(answer.user),
    // A wrong code marks the code field and takes the focus there, the code selected, so the
    // next one is typed over it.
    codeFields: { [ErrorCode.INCORRECT_2FA]: "totp_code" },
    onError: (error) => {
      // The password step has to be done again: the challenge expired (code 1), or this was
      // its last wrong code (still code 2, "try again", though no try is left). Its form says
      // why, rather than "wrong e-mail or password" or a code field that can only fail again.
      const ended =
        error.code === ErrorCode.LOGIN_FAILED ||
        (error.code === ErrorCode.INCORRECT_2FA && ++wrongCodes.current >= MAX_CODE_ATTEMPTS);
      if (!ended) return codeForm.form.setFocus("totp_code", { shouldSelect: true });
      passwordForm.setFormError(t("startAgain"));
      codeForm.reset();
      onStep("password");
    },
  });

  // The code field takes the focus when the second step appears (the password step's button,
  // which had it, is gone); back on the first step, the password field does, the address being
  // filled in still. Not when the dialog opens: its first field has the focus then.
  const { setFocus } = codeForm.form;
  const setPasswordFocus = passwordForm.form.setFocus;
  const shownStep = useRef(step);
  useEffect(() => {
    if (step === shownStep.current) return;
    shownStep.current = step;
    if (step === "code") setFocus("totp_code");
    else setPasswordFocus("password");
  }, [step, setFocus, setPasswordFocus]);

  const busy = passwordForm.pending || codeForm.pending;
  // Closed while a sign-in is on its way, the dialog would lose the answer: reopened, it stood
  // on the code step without the address the code belongs to.
  useHoldsDialogOpen(busy);
  if (step === "password") {
    return (
      <form method="post" onSubmit={passwordForm.onSubmit} noValidate className="space-y-4">
        {passwordForm.formError ? <Alert tone="error">{passwordForm.formError}</Alert> : null}
        <EmailField label={t("email")} autoComplete="username" {...passwordForm.field("email")} />
        <PasswordField label={t("password")} {...passwordForm.field("password")} />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Link
            href="/forgot-password"
            className="text-sm text-primary-700 underline"
            onClick={onClose}
          >
            {t("forgotPassword")}
          </Link>
          <SubmitButton pending={busy}>{t("submit")}</SubmitButton>
        </div>
      </form>
    );
  }
  return (
    <form method="post" onSubmit={codeForm.onSubmit} noValidate className="space-y-4">
      {codeForm.formError ? <Alert tone="error">{codeForm.formError}</Alert> : null}
      <CodeField label={t("code")} {...codeForm.field("totp_code")} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <button
          type="button"
          className="btn-ghost"
          onClick={() => {
            codeForm.reset();
            onStep("password");
          }}
        >
          {t("back")}
        </button>
        <SubmitButton pending={busy}>{t("verify")}</SubmitButton>
      </div>
    </form>
  );
}
