import type { ReactNode } from "react";
import { Alert } from "./alert";

/**
 * A list or record that could not be read: says so (an `alert`, read out at once) and offers to
 * read it again. The button sits outside the live region, so it is offered as a control rather
 * than read out as part of the message.
 */
export function LoadFailed({
  title,
  retryLabel,
  retryIcon,
  onRetry,
  className,
}: {
  title: string;
  retryLabel: string;
  /** Before the label, as on a screen whose other buttons have icons. */
  retryIcon?: ReactNode;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <Alert
      tone="error"
      title={title}
      className={className}
      actions={
        <button type="button" className="btn-secondary" onClick={onRetry}>
          {retryIcon}
          {retryLabel}
        </button>
      }
    />
  );
}
