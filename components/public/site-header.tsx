import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { LinkList } from "@/components/ui/link-list";
import { LanguageSwitcher } from "./language-switcher";
import { MobileMenu } from "./mobile-menu";

export const navItems = [
  { href: "/", key: "home" },
  { href: "/vision", key: "vision" },
  { href: "/research", key: "research" },
  { href: "/news", key: "news" },
  { href: "/privacy", key: "privacy" },
] as const;

export async function SiteHeader() {
  const t = await getTranslations("common");
  const locale = await getLocale();
  const links = navItems.map((item) => ({ href: item.href, label: t(`nav.${item.key}`) }));
  return (
    <header className="relative border-b border-gray-200 bg-white">
      <div className="mx-auto flex max-w-5xl items-center justify-between gap-2 px-4 py-3 sm:px-6">
        <Link href="/" className="text-base font-bold text-primary-800 sm:text-lg">
          {t("siteName")}
        </Link>
        <nav aria-label={t("nav.label")} className="hidden md:block">
          <LinkList
            links={links}
            className="flex items-center gap-1"
            linkClassName="nav-link"
          />
        </nav>
        <div className="flex items-center gap-2">
          <LanguageSwitcher current={locale} />
          <MobileMenu
            links={links}
            labels={{ open: t("nav.openMenu"), close: t("nav.closeMenu"), nav: t("nav.label") }}
          />
        </div>
      </div>
    </header>
  );
}
