"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Dialog, type DialogProps } from "./dialog";
import { DialogActions } from "./dialog-actions";
import { TextField } from "./text-field";

type Props = Pick<
  DialogProps,
  "open" | "onOpenChange" | "title" | "description" | "returnFocus"
> & {
  confirmLabel: ReactNode;
  /** "danger" for what cannot be undone. */
  tone?: "primary" | "danger";
  pending?: boolean;
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
export function PasswordConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  returnFocus,
  pending = false,
  error,
  ...form
}: Props) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      pending={pending}
      error={error}
      returnFocus={returnFocus}
      closeLabel={false}
    >
      <PasswordForm
        {...form}
        pending={pending}
        error={error}
        onCancel={() => onOpenChange(false)}
      />
    </Dialog>
  );
}

function PasswordForm({
  confirmLabel,
  tone = "primary",
  pending,
  error,
  onConfirm,
  onCancel,
}: Pick<Props, "confirmLabel" | "tone" | "pending" | "error" | "onConfirm"> & {
  onCancel: () => void;
}) {
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
        disabled={pending}
        error={missing ? t("required") : null}
        onChange={(event) => {
          setPassword(event.target.value);
          if (event.target.value !== "") setMissing(false);
        }}
      />
      <DialogActions
        confirmLabel={confirmLabel}
        tone={tone}
        pending={pending}
        onCancel={onCancel}
      />
    </form>
  );
}
