import { CircleAlert, CircleCheck, Info } from "lucide-react";
import type { ReactNode } from "react";

export type AlertTone = "info" | "success" | "error";

const tones: Record<AlertTone, { box: string; Icon: typeof Info }> = {
  info: { box: "border-primary-600 bg-primary-50 text-primary-800", Icon: Info },
  success: { box: "border-green-700 bg-green-50 text-green-900", Icon: CircleCheck },
  error: { box: "border-accent-700 bg-red-50 text-accent-700", Icon: CircleAlert },
};

/**
 * The one notice box: the outcome of a form or a call, a page's state, a status. An error is a
 * live `alert` (read out at once); info and success are a polite `status`, read out when the
 * reader is idle. `title` is the headline in bold; `children` are the details below it, or the
 * whole message when there is no title. `actions` (buttons offering a choice) sit in the same box
 * but outside the live region, so they are offered as controls, not read out as its text.
 */
export function Alert({
  tone,
  title,
  children,
  actions,
  className = "",
}: {
  tone: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  className?: string;
}) {
  const { box, Icon } = tones[tone];
  const role = tone === "error" ? "alert" : "status";
  return (
    <div
      role={actions ? undefined : role}
      className={`flex gap-3 rounded-md border p-4 ${box} ${className}`}
    >
      <Icon aria-hidden className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0">
        <div role={actions ? role : undefined}>
          {title ? <p className="font-semibold first-letter:uppercase">{title}</p> : null}
          {children ? <div className={title ? "mt-1 text-ink" : undefined}>{children}</div> : null}
        </div>
        {actions ? <div className="mt-3 flex flex-wrap gap-2">{actions}</div> : null}
      </div>
    </div>
  );
}
