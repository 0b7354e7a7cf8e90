import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/public/client-messages";
import { Suspense } from "react";
import { ResetPasswordForm } from "@/components/public/reset-password-form";
import { Spinner } from "@/components/ui/spinner";
import { pageLocale } from "@/lib/i18n/page-locale";
import { metadataFor } from "@/lib/seo/metadata-for";

export const generateMetadata = metadataFor("auth.reset");

// Static: the link's parameters are read in the browser, so the page itself never varies.
export default async function ResetPasswordPage({ params }: PageProps<"/[locale]/reset-password">) {
  await pageLocale(params);
  const t = await getTranslations("common");
  return (
    <section className="mx-auto max-w-md py-4 sm:py-8">
      <Suspense fallback={<Spinner label={t("loading")} />}>
        <ClientMessages namespaces={["auth.reset", "auth.validation"]}>
          <ResetPasswordForm />
        </ClientMessages>
      </Suspense>
    </section>
  );
}
