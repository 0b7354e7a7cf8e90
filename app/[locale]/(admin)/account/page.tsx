import { AccountView } from "@/components/admin/account/account-view";
import { pageLocale } from "@/lib/i18n/page-locale";
import { metadataFor } from "@/lib/seo/metadata-for";

export const generateMetadata = metadataFor("account", { titleKey: "title" });

export default async function AccountPage({ params }: PageProps<"/[locale]/account">) {
  await pageLocale(params);
  return <AccountView />;
}
