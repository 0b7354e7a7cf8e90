"use client";

import { Menu, X } from "lucide-react";
import { useRef } from "react";
import { LinkList, type ListedLink } from "@/components/ui/link-list";
import { closeDisclosure, useDisclosureDismiss } from "@/components/ui/use-disclosure-dismiss";

type Props = {
  links: ListedLink[];
  labels: { open: string; close: string; nav: string };
};

/**
 * The site's navigation on narrow screens. A native `<details>`, so the button opens it from the
 * moment it can be seen, before the page's scripts have loaded (on a slow phone, seconds later);
 * its label and icon follow the open state in CSS. Once hydrated, Escape closes it (with focus
 * back on the button when it was in the menu), and following a link closes it (the header stays
 * on screen across pages).
 */
export function MobileMenu({ links, labels }: Props) {
  const detailsRef = useRef<HTMLDetailsElement>(null);
  useDisclosureDismiss(detailsRef);
  return (
    // Opened before hydration, it carries an `open` the server did not render.
    <details ref={detailsRef} suppressHydrationWarning className="group/menu md:hidden">
      <summary className="btn-ghost cursor-pointer list-none p-2 [&::-webkit-details-marker]:hidden">
        <Menu aria-hidden className="size-6 group-open/menu:hidden" />
        <X aria-hidden className="hidden size-6 group-open/menu:block" />
        <span className="sr-only group-open/menu:hidden">{labels.open}</span>
        <span className="sr-only hidden group-open/menu:inline">{labels.close}</span>
      </summary>
      <nav
        aria-label={labels.nav}
        className="absolute inset-x-0 top-14 z-40 border-b border-gray-200 bg-white shadow-md"
      >
        <LinkList
          links={links}
          className="flex flex-col px-4 py-2"
          linkClassName="block rounded px-3 py-3 text-base font-medium hover:bg-primary-50"
          // Focus back to the menu button: the link that had it is hidden with the menu, and
          // the App Router moves no focus on a navigation, so it would fall to the page's body.
          onNavigate={() => closeDisclosure(detailsRef.current, true)}
        />
      </nav>
    </details>
  );
}
