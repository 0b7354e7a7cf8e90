import { AuditLogView } from "@/components/admin/audit/audit-log-view";
import { AdminOnlyScreen } from "../../admin-only-screen";
import { pageLocale } from "@/lib/i18n/page-locale";
import { metadataFor } from "@/lib/seo/metadata-for";

export const generateMetadata = metadataFor("audit", { titleKey: "title" });

export default async function AdminAuditPage({ params }: PageProps<"/[locale]/admin/audit">) {
  await pageLocale(params);
  return (
    <AdminOnlyScreen titleNamespace="audit">
      <AuditLogView />
    </AdminOnlyScreen>
  );
}
