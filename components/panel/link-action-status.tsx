"use client";

import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { api, type ApiError } from "@/lib/api-client";
import { useErrorMessage } from "@/lib/i18n/use-error-message";
import { Notice } from "./notice";
import { Spinner } from "./spinner";

const actions = {
  verify: { endpoint: "/api/panel_user/verify_email", tokenParam: "verification_token" },
  stop: { endpoint: "/api/panel_user/stop_participation", tokenParam: "stop_token" },
} as const;

type State =
  | { status: "loading" }
  | { status: "success" }
  | { status: "incomplete" }
  | { status: "error"; error: ApiError };

/**
 * The verify and stop pages: on load, sends the id and token from the mail's link to the API
 * once, then shows the outcome. Runs in the browser so the page itself stays static.
 */
export function LinkActionStatus({ action }: { action: "verify" | "stop" }) {
  const tVerify = useTranslations("panel.verify");
  const tStop = useTranslations("panel.stop");
  const t = action === "verify" ? tVerify : tStop;
  const errorMessage = useErrorMessage();
  const search = useSearchParams();
  const { endpoint, tokenParam } = actions[action];
  const id = search.get("panel_user_id");
  const token = search.get(tokenParam);
  const [state, setState] = useState<State>(() =>
    id && token ? { status: "loading" } : { status: "incomplete" },
  );
  // Once per page view: leaving deletes the member, so a second call would report a failure.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current || !id || !token) return;
    sent.current = true;
    // The link's token has done its work; keep it out of the address bar and browser history,
    // where on a shared device it would show (and for a stop link, still be) a membership.
    window.history.replaceState(null, "", window.location.pathname);
    void api(endpoint, { body: { panel_user_id: id, [tokenParam]: token } }).then((result) => {
      setState(result.ok ? { status: "success" } : { status: "error", error: result.error });
    });
  }, [endpoint, tokenParam, id, token]);

  if (state.status === "loading") return <Spinner label={t("loading")} />;
  if (state.status === "success") {
    return (
      <Notice tone="success" title={t("success")}>
        <p>{t("successDetail")}</p>
      </Notice>
    );
  }
  if (state.status === "incomplete") return <Notice tone="error" title={t("incompleteLink")} />;
  const code = state.error.code;
  const expiredOrWrong = action === "verify" && (code === 6 || code === 7);
  return (
    <Notice tone="error" title={errorMessage(state.error)}>
      {expiredOrWrong ? <p>{tVerify("newLinkHint")}</p> : null}
    </Notice>
  );
}
