import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { PanelMembersAdmin } from "@/components/panel/panel-members-admin";
import type { Locale } from "@/lib/i18n/locales";

export async function generateMetadata({
  params,
}: PageProps<"/[locale]/admin/panel">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: locale as Locale, namespace: "panel.admin" });
  return { title: t("metaTitle") };
}

export default async function PanelMembersPage({ params }: PageProps<"/[locale]/admin/panel">) {
  setRequestLocale((await params).locale as Locale);
  return <PanelMembersAdmin />;
}
