import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { Suspense } from "react";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import type { Locale } from "@/lib/i18n/locales";

export async function generateMetadata({
  params,
}: PageProps<"/[locale]/reset-password">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: locale as Locale, namespace: "auth.reset" });
  return { title: t("metaTitle"), robots: { index: false, follow: false } };
}

// Static: the link's parameters are read in the browser, so the page itself never varies.
export default async function ResetPasswordPage({ params }: PageProps<"/[locale]/reset-password">) {
  setRequestLocale((await params).locale as Locale);
  const t = await getTranslations("common");
  return (
    <section className="mx-auto max-w-md py-4 sm:py-8">
      <Suspense fallback={<p role="status" className="text-muted">{t("loading")}</p>}>
        <ResetPasswordForm />
      </Suspense>
    </section>
  );
}
