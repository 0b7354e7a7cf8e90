import type { Metadata, Viewport } from "next";
import { notFound } from "next/navigation";
import { NextIntlClientProvider } from "next-intl";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { Toaster } from "sonner";
import { isLocale, locales } from "@/lib/i18n/locales";
import { LocaleSync } from "@/components/public/locale-sync";
import "../globals.css";

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
  return (
    <html lang={locale}>
      <body className="min-h-screen">
        <NextIntlClientProvider>
          <LocaleSync locale={locale} />
          {children}
          {/* Plain toasts: the coloured variants fall short of WCAG contrast. */}
          <Toaster position="top-center" closeButton />
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
