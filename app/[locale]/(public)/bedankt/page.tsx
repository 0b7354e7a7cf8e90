import Link from "next/link";
import { MailCheck } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { pageLocale } from "@/lib/i18n/page-locale";
import { metadataFor } from "@/lib/seo/metadata-for";

export const generateMetadata = metadataFor("bedankt", { path: "/bedankt", noIndex: true });

export default async function ThankYouPage({ params }: PageProps<"/[locale]/bedankt">) {
  await pageLocale(params);
  const t = await getTranslations("bedankt");
  const common = await getTranslations("common");
  return (
    <section className="mx-auto max-w-2xl py-8 text-center sm:py-16">
      <MailCheck aria-hidden className="mx-auto size-14 text-primary-700" />
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-primary-800 sm:text-4xl">
        {t("title")}
      </h1>
      {/* The text is kept as written, in lower case; only its display starts with a capital. */}
      <p className="mt-6 text-xl font-medium first-letter:uppercase">{t("emailSent")}</p>
      <p className="mt-4 text-lg leading-relaxed text-muted">{t("nextStep")}</p>
      <Link href="/" className="btn-primary mt-10">
        {common("backToHome")}
      </Link>
    </section>
  );
}
