import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/public/client-messages";
import { StudyGrid } from "@/components/public/study-grid";
import { pageLocale } from "@/lib/i18n/page-locale";
import { metadataFor } from "@/lib/seo/metadata-for";

export const generateMetadata = metadataFor("studies.research", { path: "/research" });

// Only the texts the study lists show in the browser; the page's headings are rendered here.
const GRID_TEXTS = [
  "noOpen",
  "noFinished",
  "loadingOngoing",
  "loadingFinished",
  "readMore",
  "retry",
].map((key) => `studies.research.${key}`);

/**
 * Static: the headings are rendered at build time and each list is loaded in the browser from
 * the public API (with a spinner meanwhile), so no study data is read while building.
 */
export default async function ResearchPage({ params }: PageProps<"/[locale]/research">) {
  await pageLocale(params);
  const t = await getTranslations("studies.research");
  return (
    <ClientMessages namespaces={GRID_TEXTS}>
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-primary-800 sm:text-4xl">
          {t("title")}
        </h1>
        <p className="mt-4 max-w-2xl text-lg leading-relaxed">{t("intro")}</p>
        <StudySection id="ongoing-studies" title={t("ongoingTitle")} className="mt-10">
          <StudyGrid kind="ongoing" />
        </StudySection>
        <StudySection id="finished-studies" title={t("finishedTitle")} className="mt-12">
          <StudyGrid kind="finished" />
        </StudySection>
      </div>
    </ClientMessages>
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
