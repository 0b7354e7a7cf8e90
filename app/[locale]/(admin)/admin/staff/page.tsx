import { StaffView } from "@/components/admin/staff/staff-view";
import { pageLocale } from "@/lib/i18n/page-locale";
import { metadataFor } from "@/lib/seo/metadata-for";
import { AdminOnlyScreen } from "../../admin-only-screen";

export const generateMetadata = metadataFor("admin.staff", { titleKey: "title" });

export default async function AdminStaffPage({ params }: PageProps<"/[locale]/admin/staff">) {
  await pageLocale(params);
  return (
    <AdminOnlyScreen titleNamespace="admin.staff">
      <StaffView />
    </AdminOnlyScreen>
  );
}
