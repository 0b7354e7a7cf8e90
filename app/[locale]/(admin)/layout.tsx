import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { NextIntlClientProvider } from "next-intl";
import { AdminShell } from "@/components/admin/shell/admin-shell";
import { Toasts } from "@/components/ui/toasts";
import { currentStaffUser } from "@/lib/auth/current-user";
import { toPublicUser } from "@/lib/auth/session";
import { twoFactorRequired } from "@/lib/auth/two-factor-policy";
import { locales } from "@/lib/i18n/locales.shared";
import { pageLocale } from "@/lib/i18n/page-locale";

/** Both languages, as for the public pages (the portal's pages read the session, so they render per request). */
export function generateStaticParams() {
  return locales.map((locale) => ({ locale }));
}

export const metadata: Metadata = { robots: { index: false, follow: false } };

/**
 * Every admin route: the session is checked on the server against the sessions table before
 * anything is sent, so a visitor who is not signed in gets a plain redirect to the home page and
 * never the portal's frame. The user is loaded here once and handed to the client shell.
 */
export default async function AdminLayout({ children, params }: LayoutProps<"/[locale]">) {
  await pageLocale(params);
  const user = await currentStaffUser();
  if (!user) redirect("/");
  // The portal's client components get every message; public pages only the ones they use.
  return (
    <NextIntlClientProvider>
      <AdminShell user={toPublicUser(user)} twoFactorRequired={twoFactorRequired()}>
        {children}
      </AdminShell>
      <Toasts />
    </NextIntlClientProvider>
  );
}
