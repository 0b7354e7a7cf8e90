import "server-only";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { getPublicSiteConfig } from "@/config/public-site";
import type { Locale } from "@/lib/i18n/locales.shared";

const openGraphLocale: Record<Locale, string> = { nl: "nl_NL", en: "en_GB" };

type PageMetadataInput = {
  locale: Locale;
  /** The page's public path, e.g. "/vision" (URLs carry no locale). */
  path: string;
  title: string;
  description: string;
  type?: "website" | "article";
  /** Language of the page's content when it differs from the interface (the Dutch-only news). */
  contentLocale?: Locale;
  image?: { url: string; width: number; height: number; alt: string };
  /** Pages that only make sense after an action (e.g. the thank-you page) stay out of search. */
  noIndex?: boolean;
};

const defaultImage = { url: "/images/og-image.png", width: 1200, height: 630 };

/** Title, description, canonical address and Open Graph tags of one public page. */
export async function publicPageMetadata(input: PageMetadataInput): Promise<Metadata> {
  const t = await getTranslations({ locale: input.locale, namespace: "common" });
  const { appUrl } = getPublicSiteConfig();
  const image = input.image ?? { ...defaultImage, alt: t("siteName") };
  return {
    metadataBase: new URL(appUrl),
    title: input.title,
    description: input.description,
    alternates: { canonical: input.path },
    openGraph: {
      type: input.type ?? "website",
      siteName: t("siteName"),
      title: input.title,
      description: input.description,
      url: input.path,
      locale: openGraphLocale[input.contentLocale ?? input.locale],
      images: [image],
    },
    ...(input.noIndex ? { robots: { index: false, follow: true } } : {}),
  };
}
