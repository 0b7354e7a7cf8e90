import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { EmptyState } from "@/components/admin/empty-state";
import type { Locale } from "@/lib/i18n/locales";

export async function generateMetadata({
  params,
}: PageProps<"/[locale]/admin/communication">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: locale as Locale, namespace: "admin.communication" });
  return { title: t("title") };
}

export default async function AdminCommunicationPage({
  params,
}: PageProps<"/[locale]/admin/communication">) {
  setRequestLocale((await params).locale as Locale);
  const t = await getTranslations("admin.communication");
  return <EmptyState title={t("title")} text={t("empty")} />;
}
