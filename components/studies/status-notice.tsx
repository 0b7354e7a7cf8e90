import { CircleCheck, Info } from "lucide-react";
import type { ReactNode } from "react";

/** A study's status, announced politely: green when it is open, neutral blue when it is not. */
export function StatusNotice({
  tone,
  title,
  children,
}: {
  tone: "success" | "info";
  title: string;
  children?: ReactNode;
}) {
  const Icon = tone === "success" ? CircleCheck : Info;
  return (
    <div
      role="status"
      className={
        tone === "success"
          ? "flex gap-3 rounded-md border border-green-700 bg-green-50 p-4 text-green-900"
          : "flex gap-3 rounded-md border border-primary-600 bg-primary-50 p-4 text-primary-800"
      }
    >
      <Icon aria-hidden className="mt-0.5 size-5 shrink-0" />
      <div>
        <p className="font-semibold first-letter:uppercase">{title}</p>
        {children ? <div className="mt-1 text-ink">{children}</div> : null}
      </div>
    </div>
  );
}
