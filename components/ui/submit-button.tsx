import { Loader2 } from "lucide-react";
import type { ButtonHTMLAttributes, ReactNode, Ref } from "react";

export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost";

const variants: Record<ButtonVariant, string> = {
  primary: "btn-primary",
  secondary: "btn-secondary",
  danger: "btn-danger",
  ghost: "btn-ghost",
};

/**
 * The button that starts a request. While `pending` it is disabled (no double submit) and
 * `aria-busy`, and a turning icon takes the place of `icon`; `pendingLabel`, when given,
 * replaces the text too. A submit button by default; `type="button"` for an action outside a
 * form (a dialog's confirm).
 */
export function SubmitButton({
  pending = false,
  variant = "primary",
  icon,
  iconAfter,
  pendingLabel,
  className = "",
  disabled,
  type = "submit",
  children,
  ref,
  ...button
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  pending?: boolean;
  variant?: ButtonVariant;
  /** An icon before the text (`aria-hidden`), swapped for the spinner while pending. */
  icon?: ReactNode;
  /** An icon after the text, e.g. an arrow; hidden while pending. */
  iconAfter?: ReactNode;
  pendingLabel?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}) {
  return (
    <button
      ref={ref}
      type={type}
      className={`${variants[variant]} ${className}`}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      {...button}
    >
      {pending ? <Loader2 aria-hidden className="size-4 animate-spin" /> : icon}
      {pending && pendingLabel ? pendingLabel : children}
      {pending ? null : iconAfter}
    </button>
  );
}
