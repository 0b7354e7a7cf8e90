import { Loader2 } from "lucide-react";

/**
 * Something is loading: the icon turns and the text says what, as a polite `status` so a
 * screen reader announces it without interrupting.
 */
export function Spinner({ label, className = "" }: { label: string; className?: string }) {
  return (
    <p role="status" className={`flex items-center gap-3 text-muted ${className}`}>
      <Loader2 aria-hidden className="size-5 shrink-0 animate-spin text-primary-700" />
      <span>{label}</span>
    </p>
  );
}
