import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { FormAlert } from "@/components/auth/form-alert";
import { StaffView } from "@/components/admin/staff/staff-view";
import { currentStaffUser } from "@/lib/auth/current-user";
import type { Locale } from "@/lib/i18n/locales";

export async function generateMetadata({
  params,
}: PageProps<"/[locale]/admin/staff">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: locale as Locale, namespace: "admin.staff" });
  return { title: t("title") };
}

export default async function AdminStaffPage({ params }: PageProps<"/[locale]/admin/staff">) {
  setRequestLocale((await params).locale as Locale);
  const user = await currentStaffUser();
  if (!user?.isAdmin) {
    const t = await getTranslations("admin.staff");
    const te = await getTranslations("errors");
    return (
      <section className="mx-auto max-w-5xl space-y-6">
        <h1 className="text-2xl font-bold text-primary-800">{t("title")}</h1>
        <FormAlert tone="error">{te("codes.8")}</FormAlert>
      </section>
    );
  }
  return <StaffView />;
}
