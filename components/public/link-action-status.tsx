"use client";

import { UserCheck, UserMinus } from "lucide-react";
import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useApiMutation } from "@/components/data/use-api-mutation";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/submit-button";
import { ErrorCode } from "@/lib/errors/codes";

const actions = {
  verify: { endpoint: "/api/panel_user/verify_email", tokenParam: "verification_token" },
  stop: { endpoint: "/api/panel_user/stop_participation", tokenParam: "stop_token" },
} as const;

/**
 * The verify and stop pages: read the id and token from the mail's link, and send them only
 * when the reader presses the button. Never on page load: mail scanners open links and run
 * their scripts, and must not confirm a sign-up or remove a member by doing so. Runs in the
 * browser so the page itself stays static.
 */
export function LinkActionStatus({ action }: { action: "verify" | "stop" }) {
  const tVerify = useTranslations("panel.verify");
  const tStop = useTranslations("panel.stop");
  const t = action === "verify" ? tVerify : tStop;
  const search = useSearchParams();
  const { endpoint, tokenParam } = actions[action];
  // Read once: the address loses the token below, and the router then reports no parameters.
  const [{ id, token }] = useState(() => ({
    id: search.get("panel_user_id"),
    token: search.get(tokenParam),
  }));
  const { run, pending, error, errorMessage } = useApiMutation();
  const [succeeded, setSucceeded] = useState(false);

  useEffect(() => {
    if (!id || !token) return;
    // Kept in memory from here on: out of the address bar and the browser history, where on a
    // shared device it would show (and for a stop link, still be) a membership.
    window.history.replaceState(null, "", window.location.pathname);
  }, [id, token]);

  if (!id || !token) return <Alert tone="error" title={t("incompleteLink")} />;
  if (succeeded) {
    return (
      <Alert tone="success" title={t("success")}>
        <p>{t("successDetail")}</p>
      </Alert>
    );
  }

  async function confirm() {
    const result = await run({ path: endpoint, body: { panel_user_id: id, [tokenParam]: token } });
    setSucceeded(result.ok);
  }

  const expiredOrWrong =
    action === "verify" &&
    (error?.code === ErrorCode.TOKEN_EXPIRED || error?.code === ErrorCode.VERIFY_FAILED);
  return (
    <div className="space-y-6">
      <p className="text-ink">{t("intro")}</p>
      {error ? (
        <Alert tone="error" title={errorMessage}>
          {expiredOrWrong ? <p>{tVerify("newLinkHint")}</p> : null}
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
