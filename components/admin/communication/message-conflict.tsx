"use client";

import { Download, Save } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { ActionButton } from "@/components/ui/action-button";
import { Alert } from "@/components/ui/alert";
import type { MessageSaves } from "./use-message-saves";

/**
 * Shown when a save or the send was refused because the message was changed elsewhere (another
 * tab, a colleague): nothing was overwritten, and the reader chooses what happens to their
 * unsaved changes. Keeping them saves them over the newer version; the other choice shows the
 * newer version and drops them. Either way the screen then shows what is stored.
 */
export function MessageConflict({
  saves,
  flushAll,
  onResolved,
}: {
  saves: MessageSaves;
  /** Saves every part of the screen; true once all of it is stored. */
  flushAll: () => Promise<boolean>;
  /** The choice is made and the notice (with the focused button) is gone. */
  onResolved: () => void;
}) {
  const t = useTranslations("panelMessages.screen");
  const [busy, setBusy] = useState<"mine" | "theirs" | null>(null);
  const [failed, setFailed] = useState(false);
  if (!saves.conflict) return null;

  async function choose(side: "mine" | "theirs") {
    setBusy(side);
    setFailed(false);
    const done = side === "mine" ? await saves.keepMine(flushAll) : await saves.showTheirs();
    setBusy(null);
    if (!done) return setFailed(true);
    toast.success(side === "mine" ? t("conflictKeptMine") : t("conflictShowingTheirs"));
    onResolved();
  }

  const actions = (
    <>
      <ActionButton
        variant="primary"
        icon={Save}
        pending={busy === "mine"}
        disabled={busy !== null}
        onClick={() => void choose("mine")}
      >
        {t("conflictKeepMine")}
      </ActionButton>
      <ActionButton
        variant="secondary"
        icon={Download}
        pending={busy === "theirs"}
        disabled={busy !== null}
        onClick={() => void choose("theirs")}
      >
        {t("conflictShowTheirs")}
      </ActionButton>
    </>
  );
  return (
    <Alert tone="error" title={t("conflictTitle")} actions={actions}>
      <p>{t("conflictText")}</p>
      {failed ? <p className="mt-2">{t("conflictFailed")}</p> : null}
    </Alert>
  );
}
