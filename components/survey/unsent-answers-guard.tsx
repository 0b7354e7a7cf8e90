"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { isLeaving } from "@/components/public/leaving";
import { LeaveDialog } from "@/components/ui/leave-dialog";
import { useLeaveGuard } from "@/components/ui/use-leave-guard";
import { useAskBeforeUnload } from "@/components/data/use-ask-before-unload";

/**
 * While answers are on screen and not sent (`answering`), leaving asks first. A link within the
 * site asks in a dialog: the answers are kept in this tab, but only the Back
 * button finds them again, and the survey opened anew from its study (a new tab) starts empty.
 * A reload or a closed tab asks through the browser only when the tab's storage could not keep
 * them (`isKept()` false), since a reload brings kept answers back. Never on the way out through the
 * quick exit, which nothing may hold up.
 */
export function UnsentAnswersGuard({
  answering,
  isKept,
}: {
  answering: boolean;
  isKept: () => boolean;
}) {
  const t = useTranslations("survey.unsent");
  const latest = useRef({ answering, isKept });
  useEffect(() => {
    latest.current = { answering, isKept };
  });

  useAskBeforeUnload(answering, {
    shouldAsk: () => !isLeaving() && !latest.current.isKept(),
  });

  const guard = useLeaveGuard({
    shouldAsk: () => latest.current.answering && !isLeaving(),
    // Nothing to save first: the answers are sent only by the participant's own Submit.
    settle: async () => false,
  });
  return <LeaveDialog {...guard.dialog} t={t} />;
}
