import type { ReactNode } from "react";
import { FieldError } from "@/components/ui/field-error";
import { RequiredMarker } from "./required-marker";

/**
 * A question answered by choosing (options or a scale): the question as the group's legend with
 * its required marker, a hint read with the group (`hintClassName` "sr-only" when the choices
 * say it themselves), the choices, then the error, which the group also points at.
 *
 * One choice among radios (`radios`) makes it a `radiogroup`, which, unlike a radio, may say it
 * is required and invalid; checkboxes say so each themselves.
 */
export function QuestionFieldset({
  id,
  question,
  required,
  hint,
  hintClassName,
  error,
  radios = false,
  children,
}: {
  id: string;
  question: string;
  required: boolean;
  hint: string;
  hintClassName: string;
  error: string | null;
  radios?: boolean;
  children: ReactNode;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const legendId = `${id}-legend`;
  return (
    <fieldset
      id={id}
      aria-describedby={error ? `${hintId} ${errorId}` : hintId}
      {...(radios
        ? {
            role: "radiogroup",
            "aria-labelledby": legendId,
            "aria-required": required || undefined,
            "aria-invalid": error ? true : undefined,
          }
        : {})}
    >
      <legend id={legendId} className="label text-base">
        {question}
        <RequiredMarker required={required} />
      </legend>
      <p id={hintId} className={hintClassName}>
        {hint}
      </p>
      {children}
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
