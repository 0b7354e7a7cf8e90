"use client";

import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { useApiMutation } from "@/components/data/use-api-mutation";
import { Alert } from "@/components/ui/alert";
import { Spinner } from "@/components/ui/spinner";
import { ErrorCode } from "@/lib/errors/codes";

const actions = {
  verify: { endpoint: "/api/panel_user/verify_email", tokenParam: "verification_token" },
  stop: { endpoint: "/api/panel_user/stop_participation", tokenParam: "stop_token" },
} as const;

/**
 * The verify and stop pages: on load, sends the id and token from the mail's link to the API
 * once, then shows the outcome. Runs in the browser so the page itself stays static.
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
  const { run, error, errorMessage } = useApiMutation();
  const [succeeded, setSucceeded] = useState(false);
  // Once per page view: leaving deletes the member, so a second call would report a failure.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current || !id || !token) return;
    sent.current = true;
    // The link's token has done its work; keep it out of the address bar and browser history,
    // where on a shared device it would show (and for a stop link, still be) a membership.
    window.history.replaceState(null, "", window.location.pathname);
    void run({ path: endpoint, body: { panel_user_id: id, [tokenParam]: token } }).then((result) =>
      setSucceeded(result.ok),
    );
  }, [run, endpoint, tokenParam, id, token]);

  if (!id || !token) return <Alert tone="error" title={t("incompleteLink")} />;
  if (succeeded) {
    return (
      <Alert tone="success" title={t("success")}>
        <p>{t("successDetail")}</p>
      </Alert>
    );
  }
  if (!error) return <Spinner label={t("loading")} />;
  const expiredOrWrong =
    action === "verify" &&
    (error.code === ErrorCode.TOKEN_EXPIRED || error.code === ErrorCode.VERIFY_FAILED);
  return (
    <Alert tone="error" title={errorMessage}>
      {expiredOrWrong ? <p>{tVerify("newLinkHint")}</p> : null}
    </Alert>
  );
}
