"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useApiQuery } from "@/components/data/use-api-query";

const loadLoginDialog = () => import("@/components/auth/login-dialog");

// The sign-in dialog (its forms and validation) is only for staff: visitors never download it.
const LoginDialog = dynamic(() => loadLoginDialog().then((m) => m.LoginDialog), { ssr: false });

/**
 * The only session-aware part of public pages: asking /api/whoami from the browser keeps the
 * pages themselves static.
 */
export function FooterAuth() {
  const t = useTranslations("common.footer");
  const whoami = useApiQuery("/api/whoami");
  const [wanted, setWanted] = useState(false);
  if (!whoami.loading && !whoami.error) {
    // A plain link, not next/link: a client-side navigation would keep this public page's
    // document and its CSP, and the portal must run under its own stricter, per-request one.
    return (
      // eslint-disable-next-line @next/next/no-html-link-for-pages -- a full page load on purpose (above)
      <a href="/admin/studies" className="btn-secondary">
        {t("adminPortal")}
      </a>
    );
  }
  if (wanted) return <LoginDialog triggerLabel={t("login")} initiallyOpen />;
  return (
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
}
