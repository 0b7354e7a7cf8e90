import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";
import type { Locale } from "@/lib/i18n/locales";

export async function generateMetadata({
  params,
}: PageProps<"/[locale]/forgot-password">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: locale as Locale, namespace: "auth.forgot" });
  return { title: t("metaTitle"), robots: { index: false, follow: false } };
}

export default async function ForgotPasswordPage({
  params,
}: PageProps<"/[locale]/forgot-password">) {
  setRequestLocale((await params).locale as Locale);
  const t = await getTranslations("auth.forgot");
  return (
    <section className="mx-auto max-w-md space-y-6 py-4 sm:py-8">
      <h1 className="text-2xl font-bold text-primary-800 sm:text-3xl">{t("title")}</h1>
      <p className="text-ink">{t("intro")}</p>
      <ForgotPasswordForm />
    </section>
  );
}
