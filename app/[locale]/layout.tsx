import type { Metadata, Viewport } from "next";
import { notFound } from "next/navigation";
import { NextIntlClientProvider } from "next-intl";
import { getMessages, getTranslations, setRequestLocale } from "next-intl/server";
import { Toaster } from "sonner";
import { isLocale, locales } from "@/lib/i18n/locales";
import { LocaleSync } from "@/components/public/locale-sync";
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

export async function generateMetadata({
  params,
}: LayoutProps<"/[locale]">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : "nl", namespace: "common" });
  return {
    title: { default: t("siteName"), template: `%s · ${t("siteName")}` },
    robots: { index: true, follow: true },
  };
}

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default async function LocaleLayout({ children, params }: LayoutProps<"/[locale]">) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
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
