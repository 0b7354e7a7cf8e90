"use client";

import type { ReactNode } from "react";
import { useApiQuery } from "@/components/data/use-api-query";

/**
 * The footer of a browser that may hold a session (components/public/footer-auth.tsx loads this
 * only then): the portal link once /api/whoami answers with a user, else `children` (the login
 * button).
 */
export default function FooterSession({
  adminPortalLabel,
  children,
}: {
  adminPortalLabel: string;
  children: ReactNode;
}) {
  const whoami = useApiQuery("/api/whoami");
  if (!whoami.data) return children;
  // A plain link, not next/link: a client-side navigation would keep this public page's
  // document and its CSP, and the portal must run under its own stricter, per-request one.
  return (
    // eslint-disable-next-line @next/next/no-html-link-for-pages -- a full page load on purpose (above)
    <a href="/admin/studies" className="btn-secondary">
      {adminPortalLabel}
    </a>
  );
}
