import { PublicShell } from "@/components/public/public-shell";
import { getPublicSiteConfig } from "@/config/public-site";
import { locales } from "@/lib/i18n/locales";
import { pageLocale } from "@/lib/i18n/page-locale";

/**
 * Every page of this group is rendered at build time in both languages. (The language list sits
 * here rather than on the root layout so that /research, in its own group, is not rendered while
 * building: it shows studies from the database.)
 */
export function generateStaticParams() {
  return locales.map((locale) => ({ locale }));
}

export default async function PublicLayout({ children, params }: LayoutProps<"/[locale]">) {
  await pageLocale(params);
  // Read at build time: public pages are static, so a change needs a new build.
  const { help, quickExitUrl } = getPublicSiteConfig();
  return (
    <PublicShell help={help} quickExitUrl={quickExitUrl}>
      {children}
    </PublicShell>
  );
}
