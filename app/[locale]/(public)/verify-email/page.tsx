import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { LinkActionPage } from "@/components/panel/link-action-page";
import type { Locale } from "@/lib/i18n/locales";

export async function generateMetadata({
  params,
}: PageProps<"/[locale]/verify-email">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: locale as Locale, namespace: "panel.verify" });
  return { title: t("metaTitle"), robots: { index: false, follow: false } };
}

export default async function VerifyEmailPage({ params }: PageProps<"/[locale]/verify-email">) {
  setRequestLocale((await params).locale as Locale);
  return <LinkActionPage action="verify" />;
}
