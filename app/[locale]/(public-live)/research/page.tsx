import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { StudyGrid } from "@/components/public/study-grid";
import { pageLocale } from "@/lib/i18n/page-locale";
import { metadataFor } from "@/lib/seo/metadata-for";
import { listPublicStudies } from "@/lib/studies/read";

export const generateMetadata = metadataFor("studies.research", { path: "/research" });

/**
 * Static HTML with both lists in it, rendered on the server (no request from the browser, no
 * spinner, nothing that moves when a list arrives). Rendered on the first request of each
 * language (nothing of the database is read while building), then served from the cache.
 * Rendered again: at once after a write that changes the lists (`revalidatePublicStudyLists`),
 * in the background once a copy is older than `revalidate` seconds, and before it is served once
 * it is older than next.config.ts's `expireTime` (60 s). So a study whose `closes_at` passes
 * (which finishes it on read, without a write) is listed as finished within a minute.
 */
export const revalidate = 30;

/**
 * No language is rendered while building; the empty list (rather than none at all) is what
 * makes Next.js cache each language once rendered on its first request, as it does for pages
 * rendered at build time.
 */
export function generateStaticParams() {
  return [];
}

export default async function ResearchPage({ params }: PageProps<"/[locale]/research">) {
  await pageLocale(params);
  const t = await getTranslations("studies.research");
  const [ongoing, finished] = await Promise.all([
    listPublicStudies("open"),
    listPublicStudies("finished"),
  ]);
  return (
    <div>
      <h1 className="text-3xl font-bold tracking-tight text-primary-800 sm:text-4xl">
        {t("title")}
      </h1>
      <p className="mt-4 max-w-2xl text-lg leading-relaxed">{t("intro")}</p>
      <StudySection id="ongoing-studies" title={t("ongoingTitle")} className="mt-10">
        <StudyGrid
          studies={ongoing.items}
          ongoing
          emptyText={t("noOpen")}
          readMore={t("readMore")}
        />
      </StudySection>
      <StudySection id="finished-studies" title={t("finishedTitle")} className="mt-12">
        <StudyGrid
          studies={finished.items}
          ongoing={false}
          emptyText={t("noFinished")}
          readMore={t("readMore")}
        />
      </StudySection>
    </div>
  );
}

function StudySection({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="mb-5 text-2xl font-semibold text-primary-800 first-letter:uppercase">
        {title}
      </h2>
      {children}
    </section>
  );
}
