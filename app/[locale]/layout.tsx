import type { Metadata, Viewport } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getMessages, getTranslations } from "next-intl/server";
import { Toaster } from "sonner";
import { LocaleSync } from "@/components/public/locale-sync";
import { locales } from "@/lib/i18n/locales";
import { pageLocale } from "@/lib/i18n/page-locale";
import "../globals.css";

const PUBLIC_CLIENT_NAMESPACES = [
  "common",
  "errors",
  "home",
  "auth",
  "panel",
  "studies",
  "survey",
] as const;

export function generateStaticParams() {
  return locales.map((locale) => ({ locale }));
}

export async function generateMetadata({ params }: LayoutProps<"/[locale]">): Promise<Metadata> {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "common" });
  return {
    title: { default: t("siteName"), template: `%s · ${t("siteName")}` },
    robots: { index: true, follow: true },
  };
}

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default async function LocaleLayout({ children, params }: LayoutProps<"/[locale]">) {
  const locale = await pageLocale(params);
  // Every page carries its client messages in its HTML, so public pages get only the areas their
  // client components use (the admin layout provides all of them again for the portal).
  const messages = await getMessages();
  const clientMessages = Object.fromEntries(
    PUBLIC_CLIENT_NAMESPACES.map((ns) => [ns, messages[ns]]),
  );
  return (
    <html lang={locale}>
      <body className="min-h-screen">
        <NextIntlClientProvider messages={clientMessages}>
          <LocaleSync locale={locale} />
          {children}
          {/* Plain toasts: the coloured variants fall short of WCAG contrast. */}
          <Toaster position="top-center" closeButton />
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
