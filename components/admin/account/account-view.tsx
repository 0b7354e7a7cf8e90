"use client";

import { KeyRound, LogOut, Pencil, ShieldCheck, ShieldOff, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useStaffUser } from "@/components/admin/shell/staff-user-context";
import { ChangePasswordDialog } from "./change-password-dialog";
import { DeleteAccountDialog } from "./delete-account-dialog";
import { DisableTwoFactorDialog } from "./disable-two-factor-dialog";
import { EnableTwoFactorDialog } from "./enable-two-factor-dialog";
import { SignOutOthersDialog } from "./sign-out-others-dialog";

type OpenModal = "password" | "enable" | "disable" | "signOutOthers" | "delete" | null;

/** /account: the signed-in user's details and the account actions. */
export function AccountView() {
  const t = useTranslations("account");
  const { user, twoFactorRequired } = useStaffUser();
  const [modal, setModal] = useState<OpenModal>(null);
  const close = () => setModal(null);

  return (
    <section className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold text-primary-800">{t("title")}</h1>
      <div className="mt-6 overflow-x-auto rounded-lg border border-gray-200 bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t("tableCaption")}</caption>
          <tbody className="divide-y divide-gray-200">
            <tr>
              <th scope="row" className="w-1/3 px-4 py-3 font-medium">
                {t("email")}
              </th>
              <td className="px-4 py-3 break-all">{user.email}</td>
              <td className="px-4 py-3" />
            </tr>
            <tr>
              <th scope="row" className="px-4 py-3 font-medium">
                {t("password")}
              </th>
              <td className="px-4 py-3" aria-hidden>
                ••••••••
              </td>
              <td className="px-4 py-3 text-right">
                <button
                  type="button"
                  className="btn-secondary"
                  onClick={() => setModal("password")}
                >
                  <Pencil aria-hidden className="size-4" />
                  {t("editPassword")}
                </button>
              </td>
            </tr>
            <tr>
              <th scope="row" className="px-4 py-3 font-medium">
                {t("twoFactor")}
              </th>
              <td className="px-4 py-3" data-testid="two-factor-state">
                {user.two_factor_enabled ? t("enabled") : t("disabled")}
              </td>
              <td className="px-4 py-3 text-right">
                {user.two_factor_enabled ? (
                  // Required by the server's policy: turning it off would be refused (code 30).
                  twoFactorRequired ? null : (
                    <button
                      type="button"
                      className="btn-secondary"
                      onClick={() => setModal("disable")}
                    >
                      <ShieldOff aria-hidden className="size-4" />
                      {t("disableTwoFactor")}
                    </button>
                  )
                ) : (
                  <button
                    type="button"
                    className="btn-secondary"
                    onClick={() => setModal("enable")}
                  >
                    <ShieldCheck aria-hidden className="size-4" />
                    {t("enableTwoFactor")}
                  </button>
                )}
              </td>
            </tr>
            {user.two_factor_setup_required ? null : (
              <tr>
                <th scope="row" className="px-4 py-3 font-medium">
                  {t("sessions")}
                </th>
                <td className="px-4 py-3 text-muted">{t("sessionsHint")}</td>
                <td className="px-4 py-3 text-right">
                  <button
                    type="button"
                    className="btn-secondary"
                    onClick={() => setModal("signOutOthers")}
                  >
                    <LogOut aria-hidden className="size-4" />
                    {t("signOutOthers")}
                  </button>
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {user.is_admin ? (
        <p className="mt-4 flex items-center gap-2 text-sm text-ink">
          <KeyRound aria-hidden className="size-4 text-primary-700" />
          {t("isAdmin")}
        </p>
      ) : null}
      <div className="mt-8">
        <button type="button" className="btn-danger" onClick={() => setModal("delete")}>
          <Trash2 aria-hidden className="size-4" />
          {t("deleteAccount")}
        </button>
      </div>

      <ChangePasswordDialog open={modal === "password"} onClose={close} />
      <EnableTwoFactorDialog open={modal === "enable"} onClose={close} />
      <DisableTwoFactorDialog open={modal === "disable"} onClose={close} />
      <SignOutOthersDialog open={modal === "signOutOthers"} onClose={close} />
      <DeleteAccountDialog open={modal === "delete"} onClose={close} />
    </section>
  );
}
