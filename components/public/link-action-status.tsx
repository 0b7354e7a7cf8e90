"use client";

import { UserCheck, UserMinus } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useApiMutation } from "@/components/data/use-api-mutation";
import { Alert } from "@/components/ui/alert";
import { FocusedOutcome } from "@/components/ui/focused-outcome";
import { SubmitButton } from "@/components/ui/submit-button";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { MailLinkParams } from "./mail-link-params";

const actions = {
  verify: { endpoint: "/api/panel_user/verify_email", tokenParam: "verification_token" },
  stop: { endpoint: "/api/panel_user/stop_participation", tokenParam: "stop_token" },
} as const;

/**
 * The verify and stop pages: read the id and token from the mail's link (its fragment, or the
 * query of an older mail; MailLinkParams takes them out of the address bar), and send them only
 * when the reader presses the button. Never on page load: mail scanners open links and run
 * their scripts, and must not confirm a sign-up or remove a member by doing so. Runs in the
 * browser so the page itself stays static.
 */
export function LinkActionStatus({ action }: { action: "verify" | "stop" }) {
  return (
    <MailLinkParams names={["panel_user_id", actions[action].tokenParam]}>
      {(link, spent) => (
        <LinkAction
          action={action}
          id={link.panel_user_id}
          token={link[actions[action].tokenParam]}
          spent={spent}
        />
      )}
    </MailLinkParams>
  );
}

function LinkAction({
  action,
  id,
  token,
  spent,
}: {
  action: "verify" | "stop";
  id: string | null;
  token: string | null;
  spent: () => void;
}) {
  const tVerify = useTranslations("panel.verify");
  const tStop = useTranslations("panel.stop");
  const t = action === "verify" ? tVerify : tStop;
  const { endpoint, tokenParam } = actions[action];
  const { run, pending, error, errorMessage } = useApiMutation();
  const [succeeded, setSucceeded] = useState(false);

  if (!id || !token) return <Alert tone="error" title={t("incompleteLink")} />;
  if (succeeded) return <Succeeded title={t("success")} detail={t("successDetail")} />;

  async function confirm() {
    const result = await run({ path: endpoint, body: { panel_user_id: id, [tokenParam]: token } });
    setSucceeded(result.ok);
    if (result.ok) spent();
  }

  const expiredOrWrong =
    action === "verify" &&
    (error?.code === ErrorCode.TOKEN_EXPIRED || error?.code === ErrorCode.VERIFY_FAILED);
  // Code 15 is also the answer for someone already gone (the mail program's one-click
  // unsubscribe, an earlier press whose answer was lost): the spec's text alone would tell them
  // they are still in the panel.
  const mayHaveLeft = action === "stop" && error?.code === ErrorCode.STOP_FAILED;
  return (
    <div className="space-y-6">
      <p className="text-ink">{t("intro")}</p>
      {error ? (
        <Alert tone="error" title={errorMessage}>
          {expiredOrWrong ? <p>{tVerify("newLinkHint")}</p> : null}
          {mayHaveLeft ? <p>{tStop("alreadyLeftHint")}</p> : null}
        </Alert>
      ) : null}
      <SubmitButton
        type="button"
        variant={action === "stop" ? "danger" : "primary"}
        pending={pending}
        pendingLabel={t("loading")}
        icon={
          action === "stop" ? (
            <UserMinus aria-hidden className="size-4" />
          ) : (
            <UserCheck aria-hidden className="size-4" />
          )
        }
        onClick={() => void confirm()}
      >
        {t("confirm")}
      </SubmitButton>
    </div>
  );
}

/** The outcome replaces the button that was pressed, so focus moves to it (FocusedOutcome). */
function Succeeded({ title, detail }: { title: string; detail: string }) {
  return (
    <FocusedOutcome>
      <Alert tone="success" title={title}>
        <p>{detail}</p>
      </Alert>
    </FocusedOutcome>
  );
}
