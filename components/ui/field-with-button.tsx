import type { ReactNode } from "react";

/**
 * A label over a control with its button beside it (an address and its send button, a code and
 * its copy button). `children` are the control, whose id is `id`, and the button; `wrap` lets
 * the button move under the control on a narrow screen.
 */
export function FieldWithButton({
  id,
  label,
  wrap = false,
  children,
}: {
  id: string;
  label: ReactNode;
  wrap?: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <div className={wrap ? "flex flex-wrap gap-2" : "flex gap-2"}>{children}</div>
    </>
  );
}
