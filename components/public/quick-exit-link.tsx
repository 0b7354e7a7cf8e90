"use client";

import { LogOut } from "lucide-react";

/**
 * The quick-exit control's markup; what it does is the inline script (QuickExitScript). A client
 * component without state or effects, so that a page's RSC data names it with its three texts
 * instead of carrying its markup and icon a second time.
 */
export function QuickExitLink({ url, label, hint }: { url: string; label: string; hint: string }) {
  return (
    <>
      <a
        href={url}
        rel="noreferrer"
        data-quick-exit=""
        aria-describedby="quick-exit-hint"
        className="btn-danger fixed bottom-4 left-4 z-40 rounded-full px-4 py-3 shadow-lg"
      >
        <LogOut aria-hidden className="size-5" />
        {label}
      </a>
      <span id="quick-exit-hint" hidden>
        {hint}
      </span>
    </>
  );
}
