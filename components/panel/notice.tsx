import { CircleAlert, CircleCheck } from "lucide-react";
import type { ReactNode } from "react";

/** A success or error box; errors are announced at once, successes politely. */
export function Notice({
  tone,
  title,
  children,
}: {
  tone: "success" | "error";
  title: string;
  children?: ReactNode;
}) {
  const Icon = tone === "success" ? CircleCheck : CircleAlert;
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={
        tone === "success"
          ? "flex gap-3 rounded-md border border-green-700 bg-green-50 p-4 text-green-900"
          : "flex gap-3 rounded-md border border-accent-700 bg-red-50 p-4 text-accent-700"
      }
    >
      <Icon aria-hidden className="mt-0.5 size-5 shrink-0" />
      <div>
        <p className="font-semibold">{title}</p>
        {children ? <div className="mt-1 text-ink">{children}</div> : null}
      </div>
    </div>
  );
}
