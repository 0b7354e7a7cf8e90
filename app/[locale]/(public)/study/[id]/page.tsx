import type { Metadata } from "next";
import { ClientMessages } from "@/components/public/client-messages";
import { getTranslations } from "next-intl/server";
import { StudyDetail } from "@/components/public/study-detail";
import { BackLink } from "@/components/ui/back-link";
import { pageLocale } from "@/lib/i18n/page-locale";
import { publicPageMetadata } from "@/lib/seo/page-metadata";
import { idSchema } from "@/lib/validation/common.shared";

/**
 * Rendered per request, never cached per address: a cached page per requested id would let
 * anyone fill the server's disk by asking for made-up ones. The page holds no study data, only
 * the id; the study is loaded in the browser, so rendering reads no database, a change shows at
 * once and a hidden study never lingers in a cached page.
 */
export const dynamic = "force-dynamic";

export async function generateMetadata({
  params,
}: PageProps<"/[locale]/study/[id]">): Promise<Metadata> {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "studies.study" });
  const parsed = idSchema.safeParse((await params).id);
  return publicPageMetadata({
    locale,
    path: parsed.success ? `/study/${parsed.data}` : "/research",
    title: t("metaTitle"),
    description: t("metaDescription"),
    noIndex: !parsed.success,
  });
}

export default async function StudyPage({ params }: PageProps<"/[locale]/study/[id]">) {
  await pageLocale(params);
  const t = await getTranslations("studies.study");
  const parsed = idSchema.safeParse((await params).id);
  return (
    <div className="mx-auto max-w-3xl">
      <BackLink href="/research" className="btn-secondary">
        <span className="inline-block first-letter:uppercase">{t("backToStudies")}</span>
      </BackLink>
      <div className="mt-8">
        <ClientMessages namespaces={["studies.study"]}>
          <StudyDetail id={parsed.success ? parsed.data : null} />
        </ClientMessages>
      </div>
    </div>
  );
}
