"use client";

import type { InputHTMLAttributes, ReactNode, Ref, TextareaHTMLAttributes } from "react";
import { FieldError } from "./field-error";
import { useFieldWiring } from "./field-wiring";

type Common = {
  label: ReactNode;
  /** A hint under the field (rules, format), read with it. */
  description?: ReactNode;
  error?: string | null;
  labelClassName?: string;
};

function Messages({
  description,
  descriptionId,
  error,
  errorId,
}: {
  description?: ReactNode;
  descriptionId: string;
  error?: string | null;
  errorId: string;
}) {
  return (
    <>
      {description ? (
        <p id={descriptionId} className="mt-1 text-sm text-muted">
          {description}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </>
  );
}

/**
 * A labelled input with its description and error tied to it for screen readers. Takes every
 * input attribute, and `ref`, so `{...form.register("email")}` or `{...field("email")}` can be
 * spread onto it.
 */
export function TextField({
  label,
  description,
  error,
  labelClassName = "label",
  id,
  className = "input",
  ref,
  ...input
}: Common & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  const { controlId, descriptionId, errorId, aria } = useFieldWiring(id, description, error);
  return (
    <div>
      <label htmlFor={controlId} className={labelClassName}>
        {label}
      </label>
      <input ref={ref} id={controlId} className={className} {...aria} {...input} />
      <Messages {...{ description, descriptionId, error, errorId }} />
    </div>
  );
}

/** The same for a multi-line answer. */
export function TextAreaField({
  label,
  description,
  error,
  labelClassName = "label",
  id,
  className = "input min-h-28",
  ref,
  ...textarea
}: Common & TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  const { controlId, descriptionId, errorId, aria } = useFieldWiring(id, description, error);
  return (
    <div>
      <label htmlFor={controlId} className={labelClassName}>
        {label}
      </label>
      <textarea ref={ref} id={controlId} className={className} {...aria} {...textarea} />
      <Messages {...{ description, descriptionId, error, errorId }} />
    </div>
  );
}
