"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { SubmitButton } from "@/components/ui/submit-button";

/**
 * Someone else saved the survey after this editor loaded it (409 code 27). Nothing is decided
 * for the reader: their edits stay on screen until they choose to load the newer survey (their
 * edits are dropped) or to save theirs over it. "Later" (or Escape) closes the dialog; the page
 * keeps a notice with a button to come back here, and nothing is saved meanwhile.
 */
export function ConflictDialog({
  open,
  onOpenChange,
  onLoadNewer,
  onKeepMine,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Each resolves to an error text to show in the dialog, or null when done. */
  onLoadNewer: () => Promise<string | null>;
  onKeepMine: () => Promise<string | null>;
}) {
  const t = useTranslations("surveyEditor");
  const [busy, setBusy] = useState<"load" | "keep" | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function choose(which: "load" | "keep") {
    setBusy(which);
    setError(null);
    const problem = await (which === "load" ? onLoadNewer() : onKeepMine());
    setBusy(null);
    setError(problem);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setError(null);
        onOpenChange(next);
      }}
      title={t("conflictTitle")}
      description={t("conflictText")}
      pending={busy !== null}
      error={error}
      closeLabel={false}
    >
      <div className="flex flex-col gap-3">
        <SubmitButton
          type="button"
          variant="primary"
          pending={busy === "keep"}
          disabled={busy !== null}
          onClick={() => void choose("keep")}
        >
          {t("conflictKeep")}
        </SubmitButton>
        <SubmitButton
          type="button"
          variant="danger"
          pending={busy === "load"}
          disabled={busy !== null}
          onClick={() => void choose("load")}
        >
          {t("conflictLoad")}
        </SubmitButton>
        <button
          type="button"
          className="btn-ghost"
          disabled={busy !== null}
          onClick={() => onOpenChange(false)}
        >
          {t("conflictLater")}
        </button>
      </div>
    </Dialog>
  );
}
