import type { ReactNode } from "react";
import { PublicShell } from "@/components/public/public-shell";
import { getPublicSiteConfig } from "@/config/public-site";
import { pageLocale } from "@/lib/i18n/page-locale";

/**
 * The frame of every public page (header, quick exit, help line, footer), for both public
 * layouts. The help line and quick-exit address are read when the page is rendered: at build
 * time for the static pages, so a change needs a new build.
 */
export async function PublicFrame({
  children,
  params,
}: {
  children: ReactNode;
  params: LayoutProps<"/[locale]">["params"];
}) {
  await pageLocale(params);
  const { help, quickExitUrl } = getPublicSiteConfig();
  return (
    <PublicShell help={help} quickExitUrl={quickExitUrl}>
      {children}
    </PublicShell>
  );
}
