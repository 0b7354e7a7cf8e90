"use client";

import { Menu } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { Dialog } from "@/components/ui/dialog";
import type { PublicUser } from "@/lib/auth/public-user.shared";
import { SideNav } from "./side-nav";
import { StaffUserProvider } from "./staff-user-context";
import { TwoFactorSetupGate } from "./two-factor-setup-gate";
import { useMediaQuery } from "./use-media-query";
import { UserMenu } from "./user-menu";

/**
 * The portal's frame: a side drawer with the sections and a top bar with the menu toggle and
 * the user dropdown. On wide screens the drawer sits beside the page and the toggle folds it
 * away; on narrow ones it opens over the page as a dialog.
 */
export function AdminShell({
  user,
  twoFactorRequired,
  children,
}: {
  user: PublicUser;
  /** The server's staff two-factor policy is `required` (turning it off is then refused). */
  twoFactorRequired: boolean;
  children: ReactNode;
}) {
  const t = useTranslations("admin.shell");
  const wide = useMediaQuery("(min-width: 1024px)", true);
  const [docked, setDocked] = useState(true);
  const [overlay, setOverlay] = useState(false);
  const expanded = wide ? docked : overlay;

  function toggle() {
    if (wide) setDocked((v) => !v);
    else setOverlay((v) => !v);
  }

  return (
    <StaffUserProvider initial={user} twoFactorRequired={twoFactorRequired}>
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t("skipToContent")}
      </a>
      <div className="flex min-h-screen bg-gray-50">
        <aside
          id="admin-drawer"
          className={`hidden w-64 shrink-0 border-r border-gray-200 bg-white ${docked ? "lg:block" : ""}`}
        >
          <SideNav />
        </aside>
        <Dialog
          open={overlay}
          onOpenChange={setOverlay}
          layout="drawer"
          hideHeader
          className="lg:hidden"
          title={t("navLabel")}
          description={t("sidebarTitle")}
          closeLabel={t("closeMenu")}
        >
          <SideNav onNavigate={() => setOverlay(false)} />
        </Dialog>
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="flex items-center justify-between gap-3 border-b border-gray-200 bg-white px-3 py-2 sm:px-4">
            <button
              type="button"
              className="btn-ghost p-2"
              onClick={toggle}
              aria-label={expanded ? t("closeMenu") : t("openMenu")}
              aria-controls={wide ? "admin-drawer" : undefined}
              aria-expanded={expanded}
            >
              <Menu aria-hidden className="size-6" />
            </button>
            <UserMenu />
          </header>
          <main id="admin-main" className="flex-1 px-4 py-6 sm:px-6">
            <TwoFactorSetupGate>{children}</TwoFactorSetupGate>
          </main>
        </div>
      </div>
    </StaffUserProvider>
  );
}
