import type { Metadata, Viewport } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getMessages, getTranslations } from "next-intl/server";
import { BASE_CLIENT_MESSAGES, pickMessages } from "@/components/public/client-messages";
import { LocaleSync } from "@/components/public/locale-sync";
import { QuickExitScript } from "@/components/public/quick-exit-script";
import { EarlySubmit } from "@/components/public/early-submit";
import { pageLocale } from "@/lib/i18n/page-locale";
import "../globals.css";

export async function generateMetadata({ params }: LayoutProps<"/[locale]">): Promise<Metadata> {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "common" });
  return {
    title: { default: t("siteName"), template: `%s · ${t("siteName")}` },
    robots: { index: true, follow: true },
  };
}

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

/**
 * The languages to render at build time are listed by the group layouts below, not here: the
 * public pages and the portal in both languages, /research (app/[locale]/(public-live)) on its
 * first request, since it shows studies from the database and a build has none to read.
 */
export default async function LocaleLayout({ children, params }: LayoutProps<"/[locale]">) {
  const locale = await pageLocale(params);
  // Every page carries its client messages in its HTML, so a page gets only the base texts here;
  // a page whose islands need more wraps them in <ClientMessages> (the admin layout provides
  // every text again for the portal).
  const clientMessages = pickMessages(await getMessages(), BASE_CLIENT_MESSAGES);
  return (
    <html lang={locale}>
      <body className="min-h-screen">
        {/* First in the body, so the quick exit works before anything else has loaded. */}
        <QuickExitScript />
        <EarlySubmit />
        <NextIntlClientProvider messages={clientMessages}>
          <LocaleSync locale={locale} />
          {children}
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
