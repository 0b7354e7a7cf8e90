import { Inbox } from "lucide-react";
import type { ReactNode } from "react";

/** A quiet box saying there is nothing to show (yet), in place of an empty list or table. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-gray-300 bg-white px-6 py-12 text-center text-muted">
      <Inbox aria-hidden className="size-8" />
      <div className="first-letter:uppercase">{children}</div>
    </div>
  );
}
