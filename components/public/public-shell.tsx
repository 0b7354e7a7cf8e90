import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import type { HelpLine } from "@/config/help-line.shared";
import { Alert } from "@/components/ui/alert";
import { FlashNotice } from "@/components/ui/flash-notice";
import { HelpWidget } from "./help-widget";
import { QuickExit } from "./quick-exit";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/**
 * The frame of every public page: skip link, quick exit, header, a notice when scripts are off,
 * a notice left by the portal (an account deleted), footer and help widget. Both public layouts
 * render it, with the help line and quick-exit address they read.
 */
export async function PublicShell({
  help,
  quickExitUrl,
  children,
}: {
  help: HelpLine;
  quickExitUrl: string;
  children: ReactNode;
}) {
  const t = await getTranslations("common");
  const helpTexts = await getTranslations("help");
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
        {/* With scripts switched off (as some privacy-minded browsers do), everything can be
            read but forms and the survey wait forever; say so instead of an endless spinner. */}
        <noscript>
          <Alert tone="info" title={helpTexts("noScript.title")} className="mb-8">
            {helpTexts("noScript.body")}
          </Alert>
        </noscript>
        <FlashNotice />
        {children}
      </main>
      <SiteFooter />
      <div aria-hidden className="h-20 shrink-0 bg-gray-50" />
      <HelpWidget help={help} />
    </div>
  );
}
