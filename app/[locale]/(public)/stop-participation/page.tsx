import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { LinkActionPage } from "@/components/panel/link-action-page";
import type { Locale } from "@/lib/i18n/locales";

export async function generateMetadata({
  params,
}: PageProps<"/[locale]/stop-participation">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: locale as Locale, namespace: "panel.stop" });
  return { title: t("metaTitle"), robots: { index: false, follow: false } };
}

export default async function StopParticipationPage({
  params,
}: PageProps<"/[locale]/stop-participation">) {
  setRequestLocale((await params).locale as Locale);
  return <LinkActionPage action="stop" />;
}
