"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { useApiMutation } from "@/components/data/use-api-mutation";
import type { FlushGroup } from "@/components/data/use-flush-group";
import { ErrorCode } from "@/lib/errors/codes.shared";
import type { MessageSaves } from "./use-message-saves";

/**
 * "Send me a test": saves what is on screen first (nothing is sent when that fails), then mails
 * the draft to the signed-in staff member, based on the version on screen: when it was changed
 * elsewhere meanwhile, nothing is sent and the screen offers the same choice as for a refused
 * save. Problems go to `onError`, success is a toast.
 */
export function useTestMail(
  id: number,
  userEmail: string,
  saves: FlushGroup,
  versioned: Pick<MessageSaves, "basedOn" | "sendRefused">,
  onError: (message: string | null) => void,
) {
  const t = useTranslations("panelMessages.screen");
  const mutation = useApiMutation({
    texts: {
      [ErrorCode.INVALID_INPUT]: t("testInvalid"),
      [ErrorCode.CHANGED_ELSEWHERE]: t("sendChangedElsewhere"),
    },
  });
  const [testing, setTesting] = useState(false);

  async function sendTest() {
    onError(null);
    setTesting(true);
    const saved = await saves.flushAll();
    if (!saved) {
      setTesting(false);
      onError(t("saveFailedNothingSent"));
      return;
    }
    const result = await mutation.run({
      path: `/api/panel_message/${id}/test`,
      body: { version: versioned.basedOn() },
    });
    setTesting(false);
    if (result.ok) {
      toast.success(t("testSent", { email: userEmail }));
      return;
    }
    if (result.error.code === ErrorCode.CHANGED_ELSEWHERE) versioned.sendRefused();
    onError(t("testFailed", { message: result.message }));
  }

  return { testing, sendTest };
}
