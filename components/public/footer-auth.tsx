"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { lazy, Suspense, useState, useSyncExternalStore } from "react";
import { hasSignedInHint } from "@/lib/auth/signed-in-hint.shared";

const loadLoginDialog = () => import("@/components/public/login-dialog");

// The sign-in dialog (its forms and validation) is only for staff: visitors never download it.
const LoginDialog = dynamic(() => loadLoginDialog().then((m) => m.LoginDialog), { ssr: false });

// So is the session check and the data layer it uses: only a browser with the hint loads it.
const FooterSession = lazy(() => import("./footer-session"));

const noSubscription = () => () => {};
const readHint = () => hasSignedInHint(document.cookie);
const noHintOnServer = () => false;

/**
 * The only session-aware part of public pages: asking /api/whoami from the browser keeps the
 * pages themselves static. It asks only when the signed-in hint cookie says a session may
 * exist, so an anonymous visit makes no request (and a 401 clears a stale hint).
 */
export function FooterAuth() {
  const t = useTranslations("common.footer");
  const hinted = useSyncExternalStore(noSubscription, readHint, noHintOnServer);
  const [wanted, setWanted] = useState(false);
  const login = wanted ? (
    <LoginDialog triggerLabel={t("login")} initiallyOpen />
  ) : (
    <button
      type="button"
      className="btn-secondary"
      onClick={() => setWanted(true)}
      // Start fetching as soon as the pointer or focus arrives, so the dialog opens at once.
      onPointerEnter={() => void loadLoginDialog()}
      onFocus={() => void loadLoginDialog()}
    >
      {t("login")}
    </button>
  );
  if (!hinted) return login;
  return (
    // Until the session check has loaded and answered, the login button shows, as for anyone.
    <Suspense fallback={login}>
      <FooterSession adminPortalLabel={t("adminPortal")}>{login}</FooterSession>
    </Suspense>
  );
}
