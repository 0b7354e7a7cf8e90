import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/public/client-messages";
import { PanelSignupForm } from "@/components/public/panel-signup-form";
import { PANEL_SIGNUP_TEXTS } from "@/components/public/panel-signup-texts";
import { pageLocale } from "@/lib/i18n/page-locale";
import { metadataFor } from "@/lib/seo/metadata-for";

export const generateMetadata = metadataFor("home", { path: "/", absoluteTitle: true });

export default async function HomePage({ params }: PageProps<"/[locale]">) {
  await pageLocale(params);
  const t = await getTranslations("home");
  return (
    <section className="mx-auto max-w-2xl py-8 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-primary-800 sm:text-4xl">
        {t("title")}
      </h1>
      <p className="mt-6 text-lg leading-relaxed text-ink">{t("intro")}</p>
      <div className="mt-10">
        <ClientMessages namespaces={PANEL_SIGNUP_TEXTS} errorCodes={false}>
          <PanelSignupForm />
        </ClientMessages>
      </div>
      <p className="mt-4 text-sm text-muted">{t("privacyNote")}</p>
    </section>
  );
}
