"use client";

import type { ReactNode } from "react";
import { useApiQuery } from "@/components/data/use-api-query";
import type { PublicUser } from "@/lib/auth/public-user.shared";

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
  const whoami = useApiQuery<PublicUser>("/api/whoami");
  if (!whoami.data) return children;
  // A plain link, not next/link: a client-side navigation would keep this public page's
  // document and its CSP, and the portal must run under its own stricter, per-request one.
  return (
    <a
      href={whoami.data.two_factor_setup_required ? "/account" : "/admin/studies"}
      className="btn-secondary"
    >
      {adminPortalLabel}
    </a>
  );
}
