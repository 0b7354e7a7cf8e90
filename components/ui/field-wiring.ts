import { useId } from "react";

/**
 * The ids and ARIA attributes that tie a control to its description and error line: the
 * control names both in `aria-describedby` (description first) and is `aria-invalid` only
 * while there is an error.
 */
export function useFieldWiring(
  id: string | undefined,
  description: unknown,
  error: string | null | undefined,
) {
  const generated = useId();
  const controlId = id ?? generated;
  const descriptionId = `${controlId}-description`;
  const errorId = `${controlId}-error`;
  const describedBy =
    [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(" ") ||
    undefined;
  return {
    controlId,
    descriptionId,
    errorId,
    aria: { "aria-invalid": error ? true : undefined, "aria-describedby": describedBy } as const,
  };
}
