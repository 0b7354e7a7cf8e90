"use client";

import { usePathname, useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { useStaffUser } from "./staff-user-context";

const ACCOUNT_PATH = "/account";

/**
 * The portal while the signed-in account must still set up two-factor (the server's
 * `STAFF_TWO_FACTOR=required`): every other call answers code 30, so any page but /account is
 * replaced by a notice and the browser is sent to /account, where the notice explains why and
 * the account's own actions are. Turning two-factor on there updates the user and lifts this.
 */
export function TwoFactorSetupGate({ children }: { children: ReactNode }) {
  const t = useTranslations("admin.twoFactorSetup");
  const { user } = useStaffUser();
  const router = useRouter();
  // The locale segment is internal; depending on where it is read it may still be present.
  const path = usePathname().replace(/^\/(nl|en)(?=\/|$)/, "") || "/";
  const blocked = user.two_factor_setup_required && path !== ACCOUNT_PATH;
  useEffect(() => {
    if (blocked) router.replace(ACCOUNT_PATH);
  }, [blocked, router]);

  if (!user.two_factor_setup_required) return children;
  const notice = (
    <Alert tone="info" title={t("title")} className="mx-auto mb-6 max-w-3xl">
      <p>{t("body")}</p>
      <p className="mt-2">{t("steps")}</p>
    </Alert>
  );
  return (
    <>
      {notice}
      {blocked ? null : children}
    </>
  );
}
