import type { Metadata } from "next";
import Link from "next/link";
import { MailCheck } from "lucide-react";
import { getTranslations, setRequestLocale } from "next-intl/server";
import type { Locale } from "@/lib/i18n/locales";
import { publicPageMetadata } from "@/lib/seo/page-metadata";

export async function generateMetadata({ params }: PageProps<"/[locale]/bedankt">): Promise<Metadata> {
  const locale = (await params).locale as Locale;
  const t = await getTranslations({ locale, namespace: "bedankt" });
  return publicPageMetadata({
    locale,
    path: "/bedankt",
    title: t("metaTitle"),
    description: t("metaDescription"),
    noIndex: true,
  });
}

export default async function ThankYouPage({ params }: PageProps<"/[locale]/bedankt">) {
  setRequestLocale((await params).locale as Locale);
  const t = await getTranslations("bedankt");
  const common = await getTranslations("common");
  return (
    <section className="mx-auto max-w-2xl py-8 text-center sm:py-16">
      <MailCheck aria-hidden className="mx-auto size-14 text-primary-700" />
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-primary-800 sm:text-4xl">{t("title")}</h1>
      {/* The spec's text is kept as written; only its display starts with a capital. */}
      <p className="mt-6 text-xl font-medium first-letter:uppercase">{t("emailSent")}</p>
      <p className="mt-4 text-lg leading-relaxed text-muted">{t("nextStep")}</p>
      <Link href="/" className="btn-primary mt-10">
        {common("backToHome")}
      </Link>
    </section>
  );
}
