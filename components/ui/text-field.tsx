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

type Wiring = ReturnType<typeof useFieldWiring>;

/**
 * The label, the control (rendered by `control` with its id and aria attributes) and the
 * description and error under it: one layout for every kind of text field.
 */
function FieldFrame({
  id,
  label,
  description,
  error,
  labelClassName = "label",
  control,
}: Common & { id?: string; control: (wiring: Pick<Wiring, "controlId" | "aria">) => ReactNode }) {
  const { controlId, descriptionId, errorId, aria } = useFieldWiring(id, description, error);
  return (
    <div>
      <label htmlFor={controlId} className={labelClassName}>
        {label}
      </label>
      {control({ controlId, aria })}
      {description ? (
        <p id={descriptionId} className="mt-1 text-sm text-muted">
          {description}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
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
  labelClassName,
  id,
  className = "input",
  ref,
  ...input
}: Common & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return (
    <FieldFrame
      {...{ id, label, description, error, labelClassName }}
      control={({ controlId, aria }) => (
        <input ref={ref} id={controlId} className={className} {...aria} {...input} />
      )}
    />
  );
}

/** The same for a multi-line answer. */
export function TextAreaField({
  label,
  description,
  error,
  labelClassName,
  id,
  className = "input min-h-28",
  ref,
  ...textarea
}: Common & TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  return (
    <FieldFrame
      {...{ id, label, description, error, labelClassName }}
      control={({ controlId, aria }) => (
        <textarea ref={ref} id={controlId} className={className} {...aria} {...textarea} />
      )}
    />
  );
}
