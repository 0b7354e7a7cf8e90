import { ClientMessages } from "@/components/public/client-messages";
import { ResetPasswordForm } from "@/components/public/reset-password-form";
import { pageLocale } from "@/lib/i18n/page-locale";
import { metadataFor } from "@/lib/seo/metadata-for";

export const generateMetadata = metadataFor("auth.reset");

// Static: the link's parameters (in its fragment) are read in the browser, so the page itself
// never varies.
export default async function ResetPasswordPage({ params }: PageProps<"/[locale]/reset-password">) {
  await pageLocale(params);
  return (
    <section className="mx-auto max-w-md py-4 sm:py-8">
      <ClientMessages namespaces={["auth.reset", "auth.validation"]}>
        <ResetPasswordForm />
      </ClientMessages>
    </section>
  );
}
