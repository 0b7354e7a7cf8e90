import { Loader2 } from "lucide-react";

/** A spinner with its text, announced politely to screen readers. */
export function Spinner({ label }: { label: string }) {
  return (
    <p role="status" className="flex items-center gap-3 text-muted">
      <Loader2 aria-hidden className="size-5 animate-spin text-primary-700" />
      <span>{label}</span>
    </p>
  );
}
