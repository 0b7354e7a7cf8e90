import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { StudyDetail } from "@/components/public/study-detail";
import { BackLink } from "@/components/ui/back-link";
import { pageLocale } from "@/lib/i18n/page-locale";
import { publicPageMetadata } from "@/lib/seo/page-metadata";
import { isPublicStudyStatus } from "@/lib/studies/schemas.shared";
import { studyPageContent } from "./content";

/**
 * Rendered per request, never cached: a cached page per requested id would let anyone fill the
 * server's disk by asking for made-up ones, a hidden study must never linger in a cached copy,
 * and signed-in staff see hidden studies here (the session is read). The study is read on the
 * server into the HTML, so a visit makes no API request and shows no spinner.
 */
export const dynamic = "force-dynamic";

export async function generateMetadata({
  params,
}: PageProps<"/[locale]/study/[id]">): Promise<Metadata> {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "studies.study" });
  const content = await studyPageContent((await params).id);
  const study = "study" in content ? content.study : null;
  return publicPageMetadata({
    locale,
    path: study ? `/study/${study.id}` : "/research",
    // The study's name is the page's title; a hidden one (a staff preview) is never indexed.
    title: study ? study.name : t("metaTitle"),
    description: t("metaDescription"),
    noIndex: !study || !isPublicStudyStatus(study.status),
  });
}

export default async function StudyPage({ params }: PageProps<"/[locale]/study/[id]">) {
  await pageLocale(params);
  const t = await getTranslations("studies.study");
  const { id } = await params;
  const content = await studyPageContent(id);
  return (
    <div className="mx-auto max-w-3xl">
      <BackLink href="/research" className="btn-secondary">
        <span className="inline-block first-letter:uppercase">{t("backToStudies")}</span>
      </BackLink>
      <div className="mt-8">
        <StudyDetail content={content} retryHref={`/study/${encodeURIComponent(id)}`} />
      </div>
    </div>
  );
}
