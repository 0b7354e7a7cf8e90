"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useState, type BaseSyntheticEvent } from "react";
import {
  get,
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from "react-hook-form";
import type { z } from "zod";
import type { ApiError, ApiRequest } from "@/lib/api-client.shared";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { useApiMutation } from "./use-api-mutation";
import type { ErrorTexts } from "./use-error-message";

type Schema<TIn extends FieldValues, TOut> = z.ZodType<TOut, TIn>;

export type ApiFormOptions<TIn extends FieldValues, TOut, TData> = {
  /** The payload's zod schema with the form's translated texts (validate on submit, then on input). */
  schema: Schema<TIn, TOut>;
  defaultValues: DefaultValues<TIn>;
  /** The request for valid values. */
  submit: (values: TOut) => ApiRequest;
  onSuccess?: (data: TData, values: TOut) => void | Promise<void>;
  /** After the error was put on the form (for flows that change step on some codes). */
  onError?: (error: ApiError, message: string, values: TOut, status: number) => void;
  /** The screen's own wording for some error codes. */
  texts?: ErrorTexts;
  /**
   * The form's own text for a field text the server gives in English (e.g. a common password,
   * `COMMON_PASSWORD_TEXT`), shown under that field instead of the code's text.
   */
  fieldTexts?: Record<string, string>;
  /**
   * The text for a field whose input the browser could not read (a half-typed date, letters in
   * a number field): such an input reports its value as "", which the schema would take for
   * "cleared". A listed field in that state stops the submit with this text instead.
   */
  unreadableTexts?: Partial<Record<Path<TIn>, string>>;
  /**
   * The field a refusal without `fields` is about, per code (a wrong current password, code 3:
   * the current-password field): that field is marked invalid with the refusal's text and
   * focused, as it would be had the server named it.
   */
  codeFields?: Partial<Record<number, Path<TIn>>>;
};

export type ApiForm<TIn extends FieldValues, TOut> = {
  form: UseFormReturn<TIn, unknown, TOut>;
  /** For `<form onSubmit>`: validates, sends, and puts the outcome on the form. */
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  /** Registration plus that field's error, to spread onto a TextField. */
  field: (name: Path<TIn>) => UseFormRegisterReturn<Path<TIn>> & { error?: string };
  pending: boolean;
  /** The server's answer for the form as a whole, for an Alert; null when there is none. */
  formError: string | null;
  setFormError: (message: string | null) => void;
  /** Back to `values` (or the defaults), without errors. */
  reset: (values?: DefaultValues<TIn>) => void;
};

/**
 * A form that sends one API request: react-hook-form with the zod schema as resolver, and a
 * mutation. When the server refuses, its `fields` (keyed like the payload) are put on the
 * matching fields, first one focused, and its message becomes `formError`; texts are the
 * translated ones for the code, never the server's English. An error nothing explains (no
 * answer, code 13 or a code without a text) shows the spec's form fallback, `errors.formFallback`,
 * unless the screen has its own text for it. So a form is a schema, its fields and a submit.
 */
export function useApiForm<TIn extends FieldValues, TOut = TIn, TData = unknown>({
  schema,
  defaultValues,
  submit,
  onSuccess,
  onError,
  texts,
  fieldTexts,
  unreadableTexts,
  codeFields,
}: ApiFormOptions<TIn, TOut, TData>): ApiForm<TIn, TOut> {
  const form = useForm<TIn, unknown, TOut>({
    resolver: zodResolver(schema),
    defaultValues,
  });
  const fallback = useTranslations("errors")("formFallback");
  const { run, reset: resetMutation } = useApiMutation({
    texts: { [ErrorCode.UNKNOWN]: fallback, ...texts },
    fallback,
  });
  const [formError, setFormError] = useState<string | null>(null);

  const validateAndSend = form.handleSubmit(async (values) => {
    setFormError(null);
    const result = await run<TData>(submit(values));
    if (result.ok) {
      await onSuccess?.(result.data, values);
      return;
    }
    const known = Object.keys(result.error.fields ?? {}).filter(
      (name) => form.getValues(name as Path<TIn>) !== undefined,
    ) as Path<TIn>[];
    known.forEach((name, i) => {
      const own = fieldTexts?.[result.error.fields?.[name] ?? ""];
      form.setError(
        name,
        { type: "server", message: own ?? result.message },
        { shouldFocus: i === 0 },
      );
    });
    const about = known.length === 0 ? codeFields?.[result.error.code] : undefined;
    if (about)
      form.setError(about, { type: "server", message: result.message }, { shouldFocus: true });
    setFormError(result.message);
    onError?.(result.error, result.message, values, result.status);
  });

  async function onSubmit(event?: BaseSyntheticEvent): Promise<void> {
    const unreadable = unreadableFields(event?.currentTarget, unreadableTexts);
    if (unreadable.length === 0) return validateAndSend(event);
    event?.preventDefault?.();
    unreadable.forEach((name, i) =>
      form.setError(
        name,
        { type: "unreadable", message: unreadableTexts?.[name] },
        { shouldFocus: i === 0 },
      ),
    );
  }

  const errors = form.formState.errors;
  return {
    form,
    onSubmit,
    field: (name) => ({
      ...form.register(name),
      error: (get(errors, name) as { message?: string } | undefined)?.message,
    }),
    pending: form.formState.isSubmitting,
    formError,
    setFormError,
    reset: (values) => {
      form.reset(values ?? defaultValues);
      setFormError(null);
      resetMutation();
    },
  };
}

/** The listed fields of `target` (the form) whose input the browser could not read. */
function unreadableFields<TIn extends FieldValues>(
  target: unknown,
  listed: Partial<Record<Path<TIn>, string>> | undefined,
): Path<TIn>[] {
  if (!listed || !(target instanceof HTMLFormElement)) return [];
  return [...target.elements]
    .filter((el): el is HTMLInputElement => el instanceof HTMLInputElement)
    .filter((el) => el.name in listed && el.validity.badInput)
    .map((el) => el.name as Path<TIn>);
}
