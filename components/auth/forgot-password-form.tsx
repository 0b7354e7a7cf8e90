"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { forgotPasswordSchema } from "@/lib/auth/schemas";
import { api } from "@/lib/api-client";
import { useErrorMessage } from "@/lib/i18n/use-error-message";
import { FormAlert } from "./form-alert";
import { TextField } from "./text-field";

/** /forgot-password: the same success text whether or not the address has an account. */
export function ForgotPasswordForm() {
  const t = useTranslations("auth.forgot");
  const tv = useTranslations("auth.forgot.validation");
  const errorMessage = useErrorMessage();
  const schema = useMemo(() => forgotPasswordSchema(tv), [tv]);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { email: "" } });
  const [outcome, setOutcome] = useState<{ tone: "success" | "error"; text: string } | null>(null);

  const submit = form.handleSubmit(async (values) => {
    setOutcome(null);
    const result = await api("/api/forgot_password", { body: values });
    setOutcome(
      result.ok
        ? { tone: "success", text: t("success") }
        : { tone: "error", text: errorMessage(result.error) },
    );
  });

  const busy = form.formState.isSubmitting;
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {outcome ? <FormAlert tone={outcome.tone}>{outcome.text}</FormAlert> : null}
      <TextField
        label={t("email")}
        type="email"
        autoComplete="email"
        inputMode="email"
        error={form.formState.errors.email?.message}
        {...form.register("email")}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link href="/" className="text-sm text-primary-700 underline">
          {t("backToHome")}
        </Link>
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
          {t("submit")}
        </button>
      </div>
    </form>
  );
}
