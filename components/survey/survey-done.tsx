"use client";

import { Copy } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { toast } from "sonner";
import { isLeaving } from "@/components/public/leaving";
import { ActionButton } from "@/components/ui/action-button";
import { isBackApproved } from "@/components/ui/back-guard";
import { LeaveDialog } from "@/components/ui/leave-dialog";
import { Alert } from "@/components/ui/alert";
import { FieldWithButton } from "@/components/ui/field-with-button";
import { TOKEN_COPIED_TOAST_MS } from "@/components/ui/toasts";
import { useLeaveGuard } from "@/components/ui/use-leave-guard";
import { useAskBeforeUnload } from "@/components/data/use-ask-before-unload";

/**
 * After submitting: the token, shown this once, with a copy button and what it is for. Leaving
 * the page asks first (a reload or closed tab through the browser, a link or Back through a
 * dialog).
 * With
 * `earlierAnswers` the answers stored are ones sent before the last change (their reply was
 * lost): the participant is told, and how to see or delete them with the token.
 */
export function SurveyDone({
  token,
  earlierAnswers = false,
}: {
  token: string;
  earlierAnswers?: boolean;
}) {
  const t = useTranslations("survey.done");
  const common = useTranslations("common");
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => heading.current?.focus(), []);

  // The token exists only on this screen (never in the tab's storage, which a shared device
  // keeps): a reload or a closed tab loses it, so the browser asks first. Not on the way out
  // through the quick exit, which nothing may hold up, nor when the participant already chose
  // to go Back out of the site.
  useAskBeforeUnload(true, { shouldAsk: () => !isLeaving() && !isBackApproved() });
  // A link followed inside the site, or the Back button, fires no `beforeunload`: the same
  // question, as a dialog.
  const leaveGuard = useLeaveGuard({
    shouldAsk: () => !isLeaving(),
    settle: async () => false,
    holdBack: true,
  });

  async function copy() {
    try {
      await navigator.clipboard.writeText(token);
      toast.success(t("copied"), { duration: TOKEN_COPIED_TOAST_MS });
    } catch {
      toast.error(t("copyFailed"));
    }
  }

  return (
    <section aria-labelledby="survey-done-title" className="space-y-5">
      <h2
        id="survey-done-title"
        ref={heading}
        tabIndex={-1}
        className="text-2xl font-semibold text-primary-800"
      >
        {t("title")}
      </h2>
      {earlierAnswers ? (
        <Alert tone="info" title={t("earlierTitle")}>
          <p>{t("earlierDetail")}</p>
        </Alert>
      ) : null}
      <div>
        <FieldWithButton id="survey-token" label={t("tokenLabel")} wrap>
          <input
            id="survey-token"
            readOnly
            value={token}
            onFocus={(e) => e.currentTarget.select()}
            className="input max-w-md font-mono tracking-wide"
            spellCheck={false}
            autoComplete="off"
          />
          <ActionButton variant="primary" icon={Copy} onClick={copy}>
            {t("copy")}
          </ActionButton>
        </FieldWithButton>
      </div>
      <Alert tone="info" title={t("onceOnly")}>
        <p>
          {t.rich("keepIt", {
            link: (chunks) => (
              // A new tab, so this page and its token stay where they are.
              <Link
                href="/my-answers"
                prefetch={false}
                target="_blank"
                rel="noopener"
                className="text-primary-700 underline"
              >
                {chunks}
                <span className="sr-only"> ({t("opensInNewTab")})</span>
              </Link>
            ),
          })}
        </p>
      </Alert>
      <p>
        <Link href="/" prefetch={false} className="btn-secondary">
          {common("backToHome")}
        </Link>
      </p>
      {/* In the page from the start: a question loaded only when asked could fail to load
          (offline, or a new release since), and the token would go without one. */}
      <LeaveDialog {...leaveGuard.dialog} t={t} />
    </section>
  );
}
