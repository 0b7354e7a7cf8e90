"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { useApiForm } from "@/components/data/use-api-form";
import { Alert } from "@/components/ui/alert";
import { FocusedOutcome } from "@/components/ui/focused-outcome";
import { EmailField } from "@/components/ui/email-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { forgotPasswordSchema } from "@/lib/auth/schemas.shared";

/** /forgot-password: the same success text whether or not the address has an account. */
export function ForgotPasswordForm() {
  const t = useTranslations("auth.forgot");
  const tv = useTranslations("auth.forgot.validation");
  const schema = useMemo(() => forgotPasswordSchema(tv), [tv]);
  const [sent, setSent] = useState(false);
  const form = useApiForm({
    schema,
    defaultValues: { email: "" },
    submit: (values) => {
      setSent(false);
      return { path: "/api/forgot_password", body: values };
    },
    onSuccess: () => setSent(true),
  });

  return (
    <form method="post" onSubmit={form.onSubmit} noValidate className="space-y-4">
      {sent ? (
        // Focused, so each send's outcome is read, also when it is the same text again.
        <FocusedOutcome>
          <Alert tone="success">{t("success")}</Alert>
        </FocusedOutcome>
      ) : null}
      {form.formError ? <Alert tone="error">{form.formError}</Alert> : null}
      <EmailField label={t("email")} autoComplete="email" {...form.field("email")} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link href="/" className="text-sm text-primary-700 underline">
          {t("backToHome")}
        </Link>
        <SubmitButton pending={form.pending}>{t("submit")}</SubmitButton>
      </div>
    </form>
  );
}
