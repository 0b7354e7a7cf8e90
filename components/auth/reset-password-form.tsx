"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { resetPasswordFormSchema } from "@/lib/auth/schemas";
import { api } from "@/lib/api-client";
import { useErrorMessage } from "@/lib/i18n/use-error-message";
import { FormAlert } from "./form-alert";
import { TextField } from "./text-field";

/**
 * /reset-password?email=…&reset_token=… (also the invitation link, with &invite=1). The address
 * and token come from the link and are shown but not editable; after success the form stays
 * shown with its button disabled.
 */
export function ResetPasswordForm() {
  const t = useTranslations("auth.reset");
  const tv = useTranslations("auth.validation");
  const errorMessage = useErrorMessage();
  const search = useSearchParams();
  const email = search.get("email") ?? "";
  const token = search.get("reset_token") ?? "";
  const invite = search.get("invite") === "1";
  const schema = useMemo(() => resetPasswordFormSchema(tv), [tv]);
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { email, reset_token: token, new_password: "", check_password: "" },
  });
  const [done, setDone] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    const result = await api("/api/reset_password", {
      body: { email: values.email, reset_token: values.reset_token, new_password: values.new_password },
    });
    if (result.ok) setDone(true);
    else setServerError(errorMessage(result.error));
  });

  const errors = form.formState.errors;
  const busy = form.formState.isSubmitting;
  const incomplete = !email || !token;

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-primary-800 sm:text-3xl">
        {invite ? t("inviteTitle") : t("title")}
      </h1>
      {invite ? <p className="text-ink">{t("inviteIntro")}</p> : null}
      <form onSubmit={submit} noValidate className="space-y-4">
        {done ? (
          <div className="space-y-2">
            <FormAlert tone="success">{t("success")}</FormAlert>
            <p className="text-sm text-muted">{t("signInHint")}</p>
          </div>
        ) : null}
        {serverError ? <FormAlert tone="error">{serverError}</FormAlert> : null}
        {incomplete ? <FormAlert tone="error">{t("missingLink")}</FormAlert> : null}
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
          hint={t("rules")}
          error={errors.new_password?.message}
          disabled={done}
          {...form.register("new_password")}
        />
        <TextField
          label={t("checkPassword")}
          type="password"
          autoComplete="new-password"
          error={errors.check_password?.message}
          disabled={done}
          {...form.register("check_password")}
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
          <button type="submit" className="btn-primary" disabled={busy || done || incomplete}>
            {busy ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
            {t("submit")}
          </button>
        </div>
      </form>
    </div>
  );
}
