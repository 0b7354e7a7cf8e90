"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { Menu, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import type { PublicUser } from "@/lib/auth/session";
import { SideNav } from "./side-nav";
import { StaffUserProvider } from "./staff-user-context";
import { useMediaQuery } from "./use-media-query";
import { UserMenu } from "./user-menu";

/**
 * The portal's frame: a side drawer with the sections and a top bar with the menu toggle and
 * the user dropdown. On wide screens the drawer sits beside the page and the toggle folds it
 * away; on narrow ones it opens over the page as a dialog.
 */
export function AdminShell({ user, children }: { user: PublicUser; children: ReactNode }) {
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
    <StaffUserProvider initial={user}>
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
        <Dialog.Root open={overlay} onOpenChange={setOverlay}>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40 lg:hidden" />
            <Dialog.Content className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] bg-white shadow-xl lg:hidden">
              <Dialog.Title className="sr-only">{t("navLabel")}</Dialog.Title>
              <Dialog.Description className="sr-only">{t("sidebarTitle")}</Dialog.Description>
              <Dialog.Close
                className="btn-ghost absolute top-3 right-3 p-2"
                aria-label={t("closeMenu")}
              >
                <X aria-hidden className="size-5" />
              </Dialog.Close>
              <SideNav onNavigate={() => setOverlay(false)} />
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
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
            {children}
          </main>
        </div>
      </div>
    </StaffUserProvider>
  );
}
