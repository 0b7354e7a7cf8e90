"use client";

import { CircleAlert, CloudCheck, Loader2, PencilLine, RefreshCw } from "lucide-react";
import { useTranslations } from "next-intl";
import type { AutosaveState } from "@/components/data/use-autosave";

const looks: Record<AutosaveState, { Icon: typeof CloudCheck; className: string }> = {
  saved: { Icon: CloudCheck, className: "text-green-800" },
  saving: { Icon: Loader2, className: "text-muted" },
  unsaved: { Icon: PencilLine, className: "text-muted" },
  retrying: { Icon: RefreshCw, className: "text-amber-800" },
  error: { Icon: CircleAlert, className: "text-accent-700" },
};

/**
 * Whether an automatically saved field is stored: saved, saving, not saved yet, not saved and
 * retrying, or refused with the reason. A polite `status`, so a screen reader hears the change
 * when the reader pauses; the icon is decoration, the words carry the state.
 */
export function SaveStatus({
  state,
  errorMessage,
  notice,
  id,
  className = "",
}: {
  state: AutosaveState;
  /** Why the last save failed, shown while retrying or in error. */
  errorMessage?: string | null;
  /**
   * Said instead of the state when the screen knows better (a newer version saved elsewhere
   * makes "all changes saved" untrue), in the same live region so it is announced.
   */
  notice?: string | null;
  id?: string;
  className?: string;
}) {
  const t = useTranslations("autosave");
  const { Icon, className: tone } = notice ? looks.retrying : looks[state];
  const reason = (state === "error" || state === "retrying") && errorMessage ? errorMessage : null;
  return (
    <p
      id={id}
      role="status"
      aria-live="polite"
      className={`flex items-center gap-1.5 text-sm ${tone} ${className}`}
    >
      <Icon
        aria-hidden
        className={`size-4 shrink-0 ${state === "saving" && !notice ? "animate-spin" : ""}`}
      />
      {notice ? (
        <span>{notice}</span>
      ) : (
        <span>
          {t(state)}
          {reason ? <span className="first-letter:uppercase">: {reason}</span> : null}
        </span>
      )}
    </p>
  );
}
