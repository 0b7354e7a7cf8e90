"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
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
    return (
      <Link href="/admin/studies" className="btn-secondary">
        {t("adminPortal")}
      </Link>
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
