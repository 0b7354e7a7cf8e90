import { getTranslations } from "next-intl/server";
import { AuditLogView } from "@/components/admin/audit/audit-log-view";
import { Alert } from "@/components/ui/alert";
import { currentStaffUser } from "@/lib/auth/current-user";
import { ErrorCode } from "@/lib/errors/codes";
import { pageLocale } from "@/lib/i18n/page-locale";
import { metadataFor } from "@/lib/seo/metadata-for";

export const generateMetadata = metadataFor("audit", { titleKey: "title" });

export default async function AdminAuditPage({ params }: PageProps<"/[locale]/admin/audit">) {
  await pageLocale(params);
  const user = await currentStaffUser();
  if (!user?.isAdmin) {
    const t = await getTranslations("audit");
    const te = await getTranslations("errors");
    return (
      <section className="mx-auto max-w-5xl space-y-6">
        <h1 className="text-2xl font-bold text-primary-800">{t("title")}</h1>
        <Alert tone="error">{te(`codes.${ErrorCode.ADMIN_REQUIRED}`)}</Alert>
      </section>
    );
  }
  return <AuditLogView />;
}
