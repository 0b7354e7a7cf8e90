"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2, Search, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { api } from "@/lib/api-client";
import { useErrorMessage } from "@/lib/i18n/use-error-message";
import type { OwnResponse } from "@/lib/responses/lookup";
import { responseTokenSchemaWith, type ResponseTokenInput } from "@/lib/responses/schemas";
import { FormAlert } from "@/components/auth/form-alert";
import { TextField } from "@/components/auth/text-field";
import { ConfirmDialog } from "@/components/panel/confirm-dialog";
import { Notice } from "@/components/panel/notice";
import { OwnAnswersList } from "./own-answers-list";

type Found = { token: string; response: OwnResponse };

/**
 * /my-answers: look up and delete one's own response by its token. The token is kept in this
 * component's memory only and sent in request bodies, never in a URL or browser storage.
 */
export function MyAnswers() {
  const t = useTranslations("survey.myAnswers");
  const errorsT = useTranslations("errors");
  const errorMessage = useErrorMessage();
  const schema = useMemo(() => responseTokenSchemaWith(t("tokenRequired")), [t]);
  const form = useForm<ResponseTokenInput>({ resolver: zodResolver(schema), defaultValues: { token: "" } });
  const [found, setFound] = useState<Found | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);

  // Once answers are found, reading continues at their heading.
  useEffect(() => {
    if (found) resultHeading.current?.focus();
  }, [found]);

  function explain(result: { status: number; error: { code: number; message: string } }): string {
    if (result.error.code === 14) return t("notFound");
    return result.status === 0 ? errorsT("unknown") : errorMessage(result.error);
  }

  const lookup = form.handleSubmit(async ({ token }) => {
    setError(null);
    setFound(null);
    setDeleted(false);
    const result = await api<OwnResponse>("/api/survey/response/lookup", { body: { token } });
    if (!result.ok) {
      setError(explain(result));
      return;
    }
    setFound({ token, response: result.data });
  });

  async function remove() {
    if (!found) return;
    setDeleting(true);
    setError(null);
    const result = await api("/api/survey/response/delete", { body: { token: found.token } });
    setDeleting(false);
    setConfirming(false);
    if (!result.ok) {
      setError(explain(result));
      return;
    }
    setFound(null);
    setDeleted(true);
    form.reset({ token: "" });
  }

  const busy = form.formState.isSubmitting;
  return (
    <div className="space-y-8">
      <form onSubmit={lookup} noValidate className="space-y-4">
        <TextField
          label={t("tokenLabel")}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          className="input max-w-md font-mono"
          error={form.formState.errors.token?.message}
          {...form.register("token")}
        />
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? <Loader2 aria-hidden className="size-4 animate-spin" /> : <Search aria-hidden className="size-4" />}
          {busy ? t("lookingUp") : t("lookup")}
        </button>
      </form>

      {error ? <FormAlert tone="error">{error}</FormAlert> : null}

      {deleted ? (
        <Notice tone="success" title={t("deleted")}>
          <p>{t("deletedDetail")}</p>
        </Notice>
      ) : null}

      {found ? (
        <section aria-labelledby="own-answers-title" className="space-y-6">
          <h2 id="own-answers-title" ref={resultHeading} tabIndex={-1} className="text-2xl font-semibold text-primary-800">
            {t("resultTitle")}
          </h2>
          <OwnAnswersList response={found.response} />
          <button ref={deleteButton} type="button" className="btn-danger" onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden className="size-4" />
            {t("delete")}
          </button>
        </section>
      ) : null}

      <ConfirmDialog
        open={confirming}
        title={t("confirmTitle")}
        description={t("confirmText")}
        confirmLabel={t("confirm")}
        cancelLabel={t("cancel")}
        danger
        busy={deleting}
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
        onCloseAutoFocus={(event) => {
          // Back to the delete button, or to the outcome once the answers are gone.
          event.preventDefault();
          if (deleteButton.current) deleteButton.current.focus();
          else document.getElementById("my-answers-title")?.focus();
        }}
      />
    </div>
  );
}
