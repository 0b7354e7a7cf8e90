"use client";

import { FlaskConical, History, Mail, ShieldCheck, Users } from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { useStaffUser } from "./staff-user-context";

const items = [
  { href: "/admin/studies", key: "studies", icon: FlaskConical, adminOnly: false },
  { href: "/admin/communication", key: "communication", icon: Mail, adminOnly: false },
  { href: "/admin/panel", key: "panel", icon: Users, adminOnly: false },
  { href: "/admin/staff", key: "staff", icon: ShieldCheck, adminOnly: true },
  { href: "/admin/audit", key: "audit", icon: History, adminOnly: true },
] as const;

/** The drawer's content: the portal's name and its sections (staff only for admins). */
export function SideNav({ onNavigate }: { onNavigate?: () => void }) {
  const t = useTranslations("admin");
  const { user } = useStaffUser();
  // Until two-factor is set up every section refuses the account (TwoFactorSetupGate).
  const open = user.two_factor_setup_required ? [] : items;
  // The locale segment is internal; depending on where it is read it may still be present.
  const path = usePathname().replace(/^\/(nl|en)(?=\/|$)/, "") || "/";
  return (
    <div className="flex h-full flex-col">
      <Link href="/" className="block px-5 py-4" onClick={onNavigate}>
        <span className="block text-lg font-bold text-primary-800">{t("shell.sidebarTitle")}</span>
        <span className="block text-sm text-muted">{t("shell.sidebarSubtitle")}</span>
      </Link>
      <nav aria-label={t("shell.navLabel")} className="flex-1 px-3">
        <ul className="space-y-1">
          {open
            .filter((item) => !item.adminOnly || user.is_admin)
            .map(({ href, key, icon: Icon }) => {
              const active = path === href || path.startsWith(`${href}/`);
              return (
                <li key={href}>
                  <Link
                    href={href}
                    aria-current={active ? "page" : undefined}
                    onClick={onNavigate}
                    className={`flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium ${
                      active ? "bg-primary-700 text-white" : "text-ink hover:bg-primary-50"
                    }`}
                  >
                    <Icon aria-hidden className="size-5" />
                    {t(`nav.${key}`)}
                  </Link>
                </li>
              );
            })}
        </ul>
      </nav>
    </div>
  );
}
