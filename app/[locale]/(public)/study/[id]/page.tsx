import type { Metadata } from "next";
import Link from "next/link";
import { ArrowLeft } from "lucide-react";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { StudyDetail } from "@/components/studies/study-detail";
import type { Locale } from "@/lib/i18n/locales";
import { publicPageMetadata } from "@/lib/seo/page-metadata";
import { studyIdSchema } from "@/lib/studies/schemas";

/**
 * Rendered per request, never cached per address: a cached page per requested id would let
 * anyone fill the server's disk by asking for made-up ones. The page holds no study data, only
 * the id; the study is loaded in the browser, so rendering reads no database, a change shows at
 * once and a hidden study never lingers in a cached page.
 */
export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: PageProps<"/[locale]/study/[id]">): Promise<Metadata> {
  const { locale, id } = await params;
  const t = await getTranslations({ locale: locale as Locale, namespace: "studies.study" });
  const parsed = studyIdSchema.safeParse(id);
  return publicPageMetadata({
    locale: locale as Locale,
    path: parsed.success ? `/study/${parsed.data}` : "/research",
    title: t("metaTitle"),
    description: t("metaDescription"),
    noIndex: !parsed.success,
  });
}

export default async function StudyPage({ params }: PageProps<"/[locale]/study/[id]">) {
  const { locale, id } = await params;
  setRequestLocale(locale as Locale);
  const t = await getTranslations("studies.study");
  const parsed = studyIdSchema.safeParse(id);
  return (
    <div className="mx-auto max-w-3xl">
      <Link href="/research" className="btn-secondary">
        <ArrowLeft aria-hidden className="size-4" />
        <span className="inline-block first-letter:uppercase">{t("backToStudies")}</span>
      </Link>
      <div className="mt-8">
        <StudyDetail id={parsed.success ? parsed.data : null} />
      </div>
    </div>
  );
}
