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
 * The button that starts a request. While `pending` it does nothing when pressed (no double
 * submit) and is `aria-busy` and `aria-disabled`, and a turning icon takes the place of `icon`;
 * `pendingLabel`, when given, replaces the text too. A submit button by default;
 * `type="button"` for an action outside a form (a dialog's confirm).
 *
 * Pending is not the `disabled` attribute: a browser moves focus off a control that becomes
 * disabled, so after a refused request a keyboard or screen-reader user would start again from
 * the top of the page. Pressing Enter in one of the form's fields clicks its submit button, so
 * refusing the click refuses that second submission too.
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
  onClick,
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
      disabled={disabled}
      aria-disabled={pending || undefined}
      aria-busy={pending || undefined}
      onClick={(event) => {
        if (pending) event.preventDefault();
        else onClick?.(event);
      }}
      {...button}
    >
      {pending ? <Loader2 aria-hidden className="size-4 animate-spin" /> : icon}
      {pending && pendingLabel ? pendingLabel : children}
      {pending ? null : iconAfter}
    </button>
  );
}
