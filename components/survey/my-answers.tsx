"use client";

import { Search, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useRef, useState } from "react";
import { useApiForm } from "@/components/data/use-api-form";
import { useApiMutation } from "@/components/data/use-api-mutation";
import { ActionButton } from "@/components/ui/action-button";
import { Alert } from "@/components/ui/alert";
import { FocusedOutcome } from "@/components/ui/focused-outcome";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { responseTokenSchemaWith, type OwnResponse } from "@/lib/responses/schemas.shared";
import { OwnAnswersList } from "./own-answers-list";

type Found = { token: string; response: OwnResponse };

/**
 * /my-answers: look up and delete one's own response by its token. The token is kept in this
 * component's memory only and sent in request bodies, never in a URL or browser storage.
 */
export function MyAnswers() {
  const t = useTranslations("survey.myAnswers");
  const schema = useMemo(() => responseTokenSchemaWith(t("tokenRequired")), [t]);
  // An unknown token and a deleted response look the same: "nothing found for this token".
  const texts = { [ErrorCode.NOT_FOUND]: t("notFound") };
  const [found, setFound] = useState<Found | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const removal = useApiMutation({ texts });
  const lookup = useApiForm({
    schema,
    defaultValues: { token: "" },
    submit: ({ token }) => {
      setFound(null);
      setDeleted(false);
      removal.reset();
      return { path: "/api/survey/response/lookup", body: { token } };
    },
    onSuccess: (response: OwnResponse, { token }) => setFound({ token, response }),
    texts,
  });
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);

  // Once answers are found, reading continues at their heading.
  useEffect(() => {
    if (found) resultHeading.current?.focus();
  }, [found]);

  async function remove() {
    if (!found) return;
    lookup.setFormError(null);
    const result = await removal.run({
      path: "/api/survey/response/delete",
      body: { token: found.token },
    });
    setConfirming(false);
    // Not found any more, with the token that found them a moment ago: they were deleted (by an
    // earlier press whose answer was lost, or in another tab), which is what was asked.
    const gone = !result.ok && result.status === 404;
    if (!result.ok && !gone) return;
    if (gone) removal.reset();
    setFound(null);
    setDeleted(true);
    lookup.reset({ token: "" });
  }

  const error = lookup.formError ?? removal.errorMessage;
  return (
    <div className="space-y-8">
      <form method="post" onSubmit={lookup.onSubmit} noValidate className="space-y-4">
        <TextField
          label={t("tokenLabel")}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          className="input max-w-md font-mono"
          {...lookup.field("token")}
        />
        <SubmitButton
          pending={lookup.pending}
          pendingLabel={t("lookingUp")}
          icon={<Search aria-hidden className="size-4" />}
        >
          {t("lookup")}
        </SubmitButton>
      </form>

      {error ? <Alert tone="error">{error}</Alert> : null}

      {deleted ? (
        <FocusedOutcome id="answers-deleted">
          <Alert tone="success" title={t("deleted")}>
            <p>{t("deletedDetail")}</p>
          </Alert>
        </FocusedOutcome>
      ) : null}

      {found ? (
        <section aria-labelledby="own-answers-title" className="space-y-6">
          <h2
            id="own-answers-title"
            ref={resultHeading}
            tabIndex={-1}
            className="text-2xl font-semibold text-primary-800"
          >
            {t("resultTitle")}
          </h2>
          <OwnAnswersList response={found.response} />
          <ActionButton
            ref={deleteButton}
            variant="danger"
            icon={Trash2}
            onClick={() => setConfirming(true)}
          >
            {t("delete")}
          </ActionButton>
        </section>
      ) : null}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("confirmTitle")}
        description={t("confirmText")}
        confirmLabel={t("confirm")}
        cancelLabel={t("cancel")}
        tone="danger"
        pending={removal.pending}
        onConfirm={() => void remove()}
        // Back to the delete button, or to the outcome once the answers are gone.
        returnFocus={() =>
          deleteButton.current ??
          document.getElementById("answers-deleted") ??
          document.getElementById("my-answers-title")
        }
      />
    </div>
  );
}
