import { locales } from "@/lib/i18n/locales.shared";
import { PublicFrame } from "../public-frame";

/**
 * Every page of this group is rendered at build time in both languages. (The language list sits
 * here rather than on the root layout so that /research, in its own group, is not rendered while
 * building: it shows studies from the database.)
 */
export function generateStaticParams() {
  return locales.map((locale) => ({ locale }));
}

export default function PublicLayout({ children, params }: LayoutProps<"/[locale]">) {
  return <PublicFrame params={params}>{children}</PublicFrame>;
}
