"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { QuestionDialog, type QuestionDialogProps } from "./question-dialog";
import { TextField } from "./text-field";

type Props = Omit<QuestionDialogProps, "cancelLabel" | "confirmDisabled" | "onConfirm"> & {
  /** The last attempt's error (a wrong password, the last admin…), shown inside. */
  error?: ReactNode;
  /** Called with the typed password; the caller sends it and closes the dialog on success. */
  onConfirm: (password: string) => void;
};

/**
 * A question before an action a stolen session must not take alone: the reader types their
 * own password and confirms (Enter works too). Controlled like ConfirmDialog: the caller opens
 * it, sends the password with the action and closes it when done; while `pending` nothing
 * closes it. After an error the password field is selected, ready to type again.
 */
export function PasswordConfirmDialog({ onConfirm, ...question }: Props) {
  return (
    <QuestionDialog {...question}>
      {(actions) => (
        <PasswordForm
          pending={question.pending ?? false}
          error={question.error}
          onConfirm={onConfirm}
          actions={actions}
        />
      )}
    </QuestionDialog>
  );
}

/** The field and the buttons in one form, so Enter confirms; the confirm button submits it. */
function PasswordForm({
  pending,
  error,
  onConfirm,
  actions,
}: Pick<Props, "error" | "onConfirm"> & { pending: boolean; actions: ReactNode }) {
  const t = useTranslations("common.passwordConfirm");
  const [password, setPassword] = useState("");
  const [missing, setMissing] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (error && !pending) input.current?.select();
  }, [error, pending]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    if (password === "") {
      setMissing(true);
      input.current?.focus();
      return;
    }
    onConfirm(password);
  }

  return (
    <form method="post" onSubmit={submit} noValidate className="space-y-6">
      <TextField
        ref={input}
        label={t("label")}
        type="password"
        name="password"
        autoComplete="current-password"
        description={t("hint")}
        value={password}
        // Read-only, not disabled, while the password is checked: a disabled field that has the
        // focus (Enter was pressed in it) drops it to the page's body.
        readOnly={pending}
        aria-disabled={pending || undefined}
        error={missing ? t("required") : null}
        onChange={(event) => {
          setPassword(event.target.value);
          if (event.target.value !== "") setMissing(false);
        }}
      />
      {actions}
    </form>
  );
}
