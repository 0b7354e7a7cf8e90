"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { api } from "@/lib/api-client";
import { LoginDialog } from "@/components/auth/login-dialog";

/**
 * The only session-aware part of public pages: asking /api/whoami from the browser keeps the
 * pages themselves static.
 */
export function FooterAuth() {
  const t = useTranslations("common.footer");
  const [signedIn, setSignedIn] = useState<boolean | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    api("/api/whoami", { signal: controller.signal }).then((result) => {
      if (!controller.signal.aborted) setSignedIn(result.ok);
    });
    return () => controller.abort();
  }, []);
  if (signedIn) {
    return (
      <Link href="/admin/studies" className="btn-secondary">
        {t("adminPortal")}
      </Link>
    );
  }
  return <LoginDialog triggerLabel={t("login")} />;
}
