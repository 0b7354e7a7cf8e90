"use client";

import { Menu, X } from "lucide-react";
import { useEffect, useState } from "react";
import { LinkList, type ListedLink } from "@/components/ui/link-list";

type Props = {
  links: ListedLink[];
  labels: { open: string; close: string; nav: string };
};

export function MobileMenu({ links, labels }: Props) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);
  return (
    <div className="md:hidden">
      <button
        type="button"
        className="btn-ghost p-2"
        aria-expanded={open}
        aria-controls="mobile-menu"
        aria-label={open ? labels.close : labels.open}
        onClick={() => setOpen((v) => !v)}
      >
        {open ? <X aria-hidden className="size-6" /> : <Menu aria-hidden className="size-6" />}
      </button>
      {open && (
        <nav
          id="mobile-menu"
          aria-label={labels.nav}
          className="absolute inset-x-0 top-14 z-40 border-b border-gray-200 bg-white shadow-md"
        >
          <LinkList
            links={links}
            className="flex flex-col px-4 py-2"
            linkClassName="block rounded px-3 py-3 text-base font-medium hover:bg-primary-50"
            onNavigate={() => setOpen(false)}
          />
        </nav>
      )}
    </div>
  );
}
