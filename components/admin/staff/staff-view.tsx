"use client";

import { Mail, ShieldMinus, ShieldPlus, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { useApiMutation } from "@/components/data/use-api-mutation";
import { useApiQuery } from "@/components/data/use-api-query";
import { Alert } from "@/components/ui/alert";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Spinner } from "@/components/ui/spinner";
import { StatusBadge } from "@/components/ui/status-badge";
import type { StaffListItem } from "@/lib/auth/staff-schemas";
import { ErrorCode } from "@/lib/errors/codes";
import { useStaffUser } from "../staff-user-context";
import { InviteForm } from "./invite-form";

/** /admin/staff: who has access, their role, invitations, and removing access. */
export function StaffView() {
  const t = useTranslations("admin.staff");
  const tc = useTranslations("common");
  const { user: me } = useStaffUser();
  const staff = useApiQuery<{ items: StaffListItem[] }>("/api/staff");
  const items = staff.data?.items ?? null;
  const setItems = (update: (list: StaffListItem[]) => StaffListItem[]) =>
    staff.setData((data) => ({ items: update(data?.items ?? []) }));
  // Code 8 from these calls can only mean the last admin (see DESIGN-NOTES).
  const { run } = useApiMutation({ texts: { [ErrorCode.ADMIN_REQUIRED]: t("lastAdmin") } });
  const [busyId, setBusyId] = useState<number | null>(null);
  const [removing, setRemoving] = useState<StaffListItem | null>(null);

  async function toggleAdmin(member: StaffListItem) {
    setBusyId(member.id);
    const result = await run<StaffListItem>({
      path: `/api/staff/${member.id}`,
      method: "PUT",
      body: { is_admin: !member.is_admin },
    });
    setBusyId(null);
    if (!result.ok) {
      toast.error(result.message, { duration: 5000 });
      return;
    }
    setItems((list) => list.map((m) => (m.id === result.data.id ? result.data : m)));
    toast.success(t("updated"));
  }

  async function resend(member: StaffListItem) {
    setBusyId(member.id);
    const result = await run({ path: `/api/staff/${member.id}/resend_invite`, body: {} });
    setBusyId(null);
    if (result.ok) toast.success(t("inviteResent"));
    else toast.error(result.message, { duration: 5000 });
  }

  async function remove(member: StaffListItem) {
    setBusyId(member.id);
    const result = await run({ path: `/api/staff/${member.id}`, method: "DELETE" });
    setBusyId(null);
    setRemoving(null);
    if (!result.ok) {
      toast.error(result.message, { duration: 5000 });
      return;
    }
    setItems((list) => list.filter((m) => m.id !== member.id));
    toast.success(t("removed"));
  }

  return (
    <section className="mx-auto max-w-5xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-primary-800">{t("title")}</h1>
        <p className="mt-2 max-w-3xl text-ink">{t("intro")}</p>
      </div>

      {staff.error ? <Alert tone="error">{t("loadFailed")}</Alert> : null}
      {items === null && !staff.error ? <Spinner label={tc("loading")} /> : null}
      {items ? (
        <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t("tableCaption")}</caption>
            <thead className="bg-gray-50 text-xs text-muted uppercase">
              <tr>
                <th scope="col" className="px-4 py-3">
                  {t("columns.name")}
                </th>
                <th scope="col" className="px-4 py-3">
                  {t("columns.email")}
                </th>
                <th scope="col" className="px-4 py-3">
                  {t("columns.role")}
                </th>
                <th scope="col" className="px-4 py-3">
                  {t("columns.status")}
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  {t("columns.actions")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-200">
              {items.map((member) => {
                const self = member.id === me.id;
                const busy = busyId === member.id;
                return (
                  <tr key={member.id}>
                    <td className="px-4 py-3">
                      {member.name}
                      {self ? <span className="ml-1 text-muted">{t("you")}</span> : null}
                    </td>
                    <td className="px-4 py-3 break-all">{member.email}</td>
                    <td className="px-4 py-3">
                      {member.is_admin ? t("roleAdmin") : t("roleStaff")}
                    </td>
                    <td className="px-4 py-3">
                      {member.invitation_pending ? t("statusInvited") : t("statusActive")}
                      {member.two_factor_enabled ? (
                        <span className="ml-2">
                          <StatusBadge tone="light">{t("twoFactorOn")}</StatusBadge>
                        </span>
                      ) : null}
                    </td>
                    <td className="px-4 py-3">
                      <div
                        role="group"
                        aria-label={t("actionsFor", { email: member.email })}
                        className="flex flex-wrap justify-end gap-2"
                      >
                        <button
                          type="button"
                          className="btn-secondary px-3"
                          disabled={busy}
                          onClick={() => void toggleAdmin(member)}
                        >
                          {member.is_admin ? (
                            <ShieldMinus aria-hidden className="size-4" />
                          ) : (
                            <ShieldPlus aria-hidden className="size-4" />
                          )}
                          {member.is_admin ? t("removeAdmin") : t("makeAdmin")}
                        </button>
                        {member.invitation_pending ? (
                          <button
                            type="button"
                            className="btn-secondary px-3"
                            disabled={busy}
                            onClick={() => void resend(member)}
                          >
                            <Mail aria-hidden className="size-4" />
                            {t("resendInvite")}
                          </button>
                        ) : null}
                        {self ? null : (
                          <button
                            type="button"
                            className="btn-danger px-3"
                            disabled={busy}
                            onClick={() => setRemoving(member)}
                          >
                            <Trash2 aria-hidden className="size-4" />
                            {t("remove")}
                          </button>
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}

      <InviteForm onInvited={(member) => setItems((list) => [...list, member])} />

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t("removeTitle")}
        description={removing ? t("removeConfirm", { email: removing.email }) : ""}
        confirmLabel={t("remove")}
        cancelLabel={t("cancel")}
        tone="danger"
        pending={busyId !== null}
        onConfirm={() => removing && void remove(removing)}
      />
    </section>
  );
}
