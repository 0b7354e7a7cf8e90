"use client";

import { RotateCw } from "lucide-react";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { Alert } from "@/components/ui/alert";

/**
 * What a page shows in place of its content when rendering it failed (the database away while
 * /research is rendered, say), for /research's error boundaries in both language trees. It sits
 * inside the page's frame, so the quick exit, the help line and the menu stay where a visitor
 * expects them; Next.js answers it with status 500 and never caches it, so a good copy of the
 * page is never replaced by it. The retry is a plain link to the page's own address, so it works
 * before (or without) the page's scripts; what went wrong stays in the server's log.
 */
export function PageFailed() {
  const t = useTranslations("common.pageFailed");
  const pathname = usePathname();
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-bold tracking-tight text-primary-800 sm:text-4xl">
        {t("title")}
      </h1>
      <div className="mt-6 space-y-3">
        <Alert tone="error" title={t("body")} />
        <a href={pathname} className="btn-secondary">
          <RotateCw aria-hidden className="size-4" />
          {t("retry")}
        </a>
      </div>
    </div>
  );
}
