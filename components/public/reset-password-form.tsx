"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { useApiForm } from "@/components/data/use-api-form";
import { Alert } from "@/components/ui/alert";
import { FocusedOutcome } from "@/components/ui/focused-outcome";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { COMMON_PASSWORD_TEXT, resetPasswordFormSchema } from "@/lib/auth/schemas.shared";
import { MailLinkParams } from "./mail-link-params";

const LINK_PARAMS = ["email", "reset_token", "invite"] as const;

/**
 * /reset-password#email=…&reset_token=… (also the invitation link, with &invite=1; mails sent
 * before links moved to the fragment carry the same in the query). The address and token come
 * from the link and are shown but not editable; after success the form stays shown with its
 * button disabled. Once read, the token leaves the address bar and the browser history
 * (MailLinkParams): on a shared device it would otherwise let the next person set the password.
 */
export function ResetPasswordForm() {
  return (
    <MailLinkParams names={LINK_PARAMS}>
      {(link, spent) => (
        <SetPasswordForm
          email={link.email ?? ""}
          token={link.reset_token ?? ""}
          invite={link.invite === "1"}
          spent={spent}
        />
      )}
    </MailLinkParams>
  );
}

function SetPasswordForm({
  email,
  token,
  invite,
  spent,
}: {
  email: string;
  token: string;
  invite: boolean;
  spent: () => void;
}) {
  const t = useTranslations("auth.reset");
  const tv = useTranslations("auth.validation");
  const schema = useMemo(() => resetPasswordFormSchema(tv), [tv]);
  const [done, setDone] = useState(false);
  const form = useApiForm({
    schema,
    defaultValues: { email, reset_token: token, new_password: "", check_password: "" },
    submit: (values) => ({
      path: "/api/reset_password",
      body: {
        email: values.email,
        reset_token: values.reset_token,
        new_password: values.new_password,
      },
    }),
    onSuccess: () => {
      setDone(true);
      spent();
    },
    fieldTexts: { [COMMON_PASSWORD_TEXT]: tv("passwordTooCommon") },
  });

  const serverError = form.formError;
  const errors = form.form.formState.errors;
  const incomplete = !email || !token;

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-primary-800 sm:text-3xl">
        {invite ? t("inviteTitle") : t("title")}
      </h1>
      {invite ? <p className="text-ink">{t("inviteIntro")}</p> : null}
      <form method="post" onSubmit={form.onSubmit} noValidate className="space-y-4">
        {done ? (
          // The fields and the button that had focus are disabled now: focus goes to the outcome.
          <FocusedOutcome className="space-y-2">
            <Alert tone="success">{t("success")}</Alert>
            <p className="text-sm text-muted">{t("signInHint")}</p>
          </FocusedOutcome>
        ) : null}
        {serverError ? <Alert tone="error">{serverError}</Alert> : null}
        {incomplete ? <Alert tone="error">{t("missingLink")}</Alert> : null}
        <TextField
          label={t("email")}
          type="email"
          value={email}
          disabled
          readOnly
          error={errors.email?.message}
        />
        <TextField label={t("token")} type="text" value={token} disabled readOnly />
        <TextField
          label={t("newPassword")}
          type="password"
          autoComplete="new-password"
          description={t("rules")}
          disabled={done}
          {...form.field("new_password")}
        />
        <TextField
          label={t("checkPassword")}
          type="password"
          autoComplete="new-password"
          disabled={done}
          {...form.field("check_password")}
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-wrap gap-4 text-sm">
            <Link href="/home" className="text-primary-700 underline">
              {t("backToHome")}
            </Link>
            {incomplete || serverError ? (
              <Link href="/forgot-password" className="text-primary-700 underline">
                {t("requestNew")}
              </Link>
            ) : null}
          </div>
          <SubmitButton pending={form.pending} disabled={done || incomplete}>
            {t("submit")}
          </SubmitButton>
        </div>
      </form>
    </div>
  );
}
