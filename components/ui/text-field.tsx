"use client";

import type {
  InputHTMLAttributes,
  ReactNode,
  Ref,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from "react";
import { FieldError } from "./field-error";
import { useFieldWiring } from "./field-wiring";

type Common = {
  label: ReactNode;
  /** A hint under the field (rules, format), read with it. */
  description?: ReactNode;
  error?: string | null;
  labelClassName?: string;
};

/** A field's props: the frame's, then every attribute of its control (`ref` included). */
type FieldProps<Attributes, Element> = Common & Attributes & { id?: string; ref?: Ref<Element> };

/** What the control gets: its id, the ARIA attributes tying it to its texts, and the rest. */
type Wired<Attributes> = Omit<Attributes, keyof Common> & {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
};

/**
 * The label, the control (rendered by `control` with its id, aria attributes and the caller's
 * other attributes) and the description and error under it: one layout for every kind of field.
 */
function FieldFrame<Attributes extends { id?: string }>({
  id,
  label,
  description,
  error,
  labelClassName = "label",
  control,
  ...attributes
}: Common & Attributes & { control: (wired: Wired<Attributes>) => ReactNode }) {
  const { controlId, descriptionId, errorId, aria } = useFieldWiring(id, description, error);
  return (
    <div>
      <label htmlFor={controlId} className={labelClassName}>
        {label}
      </label>
      {control({ id: controlId, ...aria, ...attributes } as Wired<Attributes>)}
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
  className = "input",
  ...props
}: FieldProps<InputHTMLAttributes<HTMLInputElement>, HTMLInputElement>) {
  return <FieldFrame {...props} control={(wired) => <input className={className} {...wired} />} />;
}

/** The same for a multi-line answer. */
export function TextAreaField({
  className = "input min-h-28",
  ...props
}: FieldProps<TextareaHTMLAttributes<HTMLTextAreaElement>, HTMLTextAreaElement>) {
  return (
    <FieldFrame {...props} control={(wired) => <textarea className={className} {...wired} />} />
  );
}

/** The same for a drop-down list; its `<option>`s are the children. */
export function SelectField({
  className = "input",
  ...props
}: FieldProps<SelectHTMLAttributes<HTMLSelectElement>, HTMLSelectElement>) {
  return <FieldFrame {...props} control={(wired) => <select className={className} {...wired} />} />;
}
