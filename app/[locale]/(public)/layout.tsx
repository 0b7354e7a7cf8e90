import { getTranslations } from "next-intl/server";
import { HelpWidget } from "@/components/public/help-widget";
import { QuickExit } from "@/components/public/quick-exit";
import { SiteFooter } from "@/components/public/site-footer";
import { SiteHeader } from "@/components/public/site-header";
import { getPublicSiteConfig } from "@/config/public-site";
import { pageLocale } from "@/lib/i18n/page-locale";

export default async function PublicLayout({ children, params }: LayoutProps<"/[locale]">) {
  await pageLocale(params);
  const t = await getTranslations("common");
  // Read at build time: public pages are static, so a change needs a new build.
  const { help, quickExitUrl } = getPublicSiteConfig();
  return (
    // The scroll padding and the spacer under the footer keep the fixed quick-exit and help
    // buttons from covering a focused element or the footer.
    <div className="flex min-h-screen flex-col [:root:has(&)]:scroll-pb-24">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t("skipToContent")}
      </a>
      <QuickExit url={quickExitUrl} />
      <SiteHeader />
      <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-4 py-8 sm:px-6">
        {children}
      </main>
      <SiteFooter />
      <div aria-hidden className="h-20 shrink-0 bg-gray-50" />
      <HelpWidget help={help} />
    </div>
  );
}
