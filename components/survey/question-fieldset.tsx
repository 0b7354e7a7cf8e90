import type { ReactNode } from "react";
import { FieldError } from "@/components/ui/field-error";
import { RequiredMarker } from "./required-marker";

/**
 * A question answered by choosing (options or a scale): the question as the group's legend with
 * its required marker, a hint read with the group (`hintClassName` "sr-only" when the choices
 * say it themselves), the choices, then the error, which the group also points at.
 */
export function QuestionFieldset({
  id,
  question,
  required,
  hint,
  hintClassName,
  error,
  children,
}: {
  id: string;
  question: string;
  required: boolean;
  hint: string;
  hintClassName: string;
  error: string | null;
  children: ReactNode;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <fieldset id={id} aria-describedby={error ? `${hintId} ${errorId}` : hintId}>
      <legend className="label text-base">
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
