"use client";

import { useTranslations } from "next-intl";
import { Spinner } from "@/components/ui/spinner";

/** Shown inside the portal while a page and its data are on their way. */
export function LoadingScreen() {
  const t = useTranslations("admin.shell");
  return (
    <div className="flex min-h-[60vh] items-center justify-center">
      <Spinner label={t("loading")} />
    </div>
  );
}
