import { PublicShell } from "@/components/public/public-shell";
import { getPublicSiteConfig } from "@/config/public-site";
import { pageLocale } from "@/lib/i18n/page-locale";

/**
 * Public pages that show data from the database (/research). Nothing here is rendered while
 * building (no `generateStaticParams`, so the build needs no database): each language is
 * rendered on its first request, then served from the cache as static HTML until a write marks
 * it stale or its revalidation time passes (see the page).
 */
export default async function PublicLiveLayout({ children, params }: LayoutProps<"/[locale]">) {
  await pageLocale(params);
  const { help, quickExitUrl } = getPublicSiteConfig();
  return (
    <PublicShell help={help} quickExitUrl={quickExitUrl}>
      {children}
    </PublicShell>
  );
}
