"use client";

import { Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";

/** Shown inside the portal while a page and its data are on their way. */
export function LoadingScreen() {
  const t = useTranslations("admin.shell");
  return (
    <div className="flex min-h-[60vh] items-center justify-center">
      <p role="status" className="flex items-center gap-3 text-muted">
        <Loader2 aria-hidden className="size-6 animate-spin text-primary-700" />
        <span>{t("loading")}</span>
      </p>
    </div>
  );
}
