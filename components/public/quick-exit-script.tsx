"use client";

import { QUICK_EXIT_SCRIPT } from "@/lib/quick-exit/script.shared";

/**
 * The quick exit's inline script (lib/quick-exit/script.shared.ts), for the root layout. A client
 * component only so that its text is in each page's HTML once: rendered by a server component it
 * would be copied into the page's RSC data as well, about 1 kB more on every page. Here the RSC
 * data names this component, and the text travels in one script chunk, cached across pages. It
 * runs from the HTML alone; hydrating the element leaves it as it is.
 */
export function QuickExitScript() {
  return <script dangerouslySetInnerHTML={{ __html: QUICK_EXIT_SCRIPT }} />;
}
