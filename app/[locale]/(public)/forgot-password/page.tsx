import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/public/client-messages";
import { ForgotPasswordForm } from "@/components/public/forgot-password-form";
import { pageLocale } from "@/lib/i18n/page-locale";
import { metadataFor } from "@/lib/seo/metadata-for";

export const generateMetadata = metadataFor("auth.forgot");

export default async function ForgotPasswordPage({
  params,
}: PageProps<"/[locale]/forgot-password">) {
  await pageLocale(params);
  const t = await getTranslations("auth.forgot");
  return (
    <section className="mx-auto max-w-md space-y-6 py-4 sm:py-8">
      <h1 className="text-2xl font-bold text-primary-800 sm:text-3xl">{t("title")}</h1>
      <p className="text-ink">{t("intro")}</p>
      <ClientMessages namespaces={["auth.forgot"]}>
        <ForgotPasswordForm />
      </ClientMessages>
    </section>
  );
}
