"use client";

import { Loader2, Mail, ShieldMinus, ShieldPlus, Trash2 } from "lucide-react";
import * as Dialog from "@radix-ui/react-dialog";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { FormAlert } from "@/components/auth/form-alert";
import type { StaffListItem } from "@/lib/auth/staff-schemas";
import { api, type ApiError } from "@/lib/api-client";
import { useErrorMessage } from "@/lib/i18n/use-error-message";
import { useStaffUser } from "../staff-user-context";
import { InviteForm } from "./invite-form";

/** /admin/staff: who has access, their role, invitations, and removing access. */
export function StaffView() {
  const t = useTranslations("admin.staff");
  const tc = useTranslations("common");
  const errorMessage = useErrorMessage();
  const { user: me } = useStaffUser();
  const [items, setItems] = useState<StaffListItem[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [removing, setRemoving] = useState<StaffListItem | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    void api<{ items: StaffListItem[] }>("/api/staff", { signal: controller.signal }).then((result) => {
      if (controller.signal.aborted) return;
      if (result.ok) setItems(result.data.items);
      else setLoadFailed(true);
    });
    return () => controller.abort();
  }, []);

  // Code 8 from these calls can only mean the last admin (see DESIGN-NOTES).
  const explain = (error: ApiError) => (error.code === 8 ? t("lastAdmin") : errorMessage(error));

  function replace(member: StaffListItem) {
    setItems((list) => list?.map((m) => (m.id === member.id ? member : m)) ?? null);
  }

  async function toggleAdmin(member: StaffListItem) {
    setBusyId(member.id);
    const result = await api<StaffListItem>(`/api/staff/${member.id}`, {
      method: "PUT",
      body: { is_admin: !member.is_admin },
    });
    setBusyId(null);
    if (!result.ok) {
      toast.error(explain(result.error), { duration: 5000 });
      return;
    }
    replace(result.data);
    toast.success(t("updated"));
  }

  async function resend(member: StaffListItem) {
    setBusyId(member.id);
    const result = await api(`/api/staff/${member.id}/resend_invite`, { body: {} });
    setBusyId(null);
    if (result.ok) toast.success(t("inviteResent"));
    else toast.error(explain(result.error), { duration: 5000 });
  }

  async function remove(member: StaffListItem) {
    setBusyId(member.id);
    const result = await api(`/api/staff/${member.id}`, { method: "DELETE" });
    setBusyId(null);
    setRemoving(null);
    if (!result.ok) {
      toast.error(explain(result.error), { duration: 5000 });
      return;
    }
    setItems((list) => list?.filter((m) => m.id !== member.id) ?? null);
    toast.success(t("removed"));
  }

  return (
    <section className="mx-auto max-w-5xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-primary-800">{t("title")}</h1>
        <p className="mt-2 max-w-3xl text-ink">{t("intro")}</p>
      </div>

      {loadFailed ? <FormAlert tone="error">{t("loadFailed")}</FormAlert> : null}
      {items === null && !loadFailed ? (
        <p role="status" className="flex items-center gap-2 text-muted">
          <Loader2 aria-hidden className="size-4 animate-spin" />
          {tc("loading")}
        </p>
      ) : null}
      {items ? (
        <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t("tableCaption")}</caption>
            <thead className="bg-gray-50 text-xs text-muted uppercase">
              <tr>
                <th scope="col" className="px-4 py-3">{t("columns.name")}</th>
                <th scope="col" className="px-4 py-3">{t("columns.email")}</th>
                <th scope="col" className="px-4 py-3">{t("columns.role")}</th>
                <th scope="col" className="px-4 py-3">{t("columns.status")}</th>
                <th scope="col" className="px-4 py-3 text-right">{t("columns.actions")}</th>
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
                    <td className="px-4 py-3">{member.is_admin ? t("roleAdmin") : t("roleStaff")}</td>
                    <td className="px-4 py-3">
                      {member.invitation_pending ? t("statusInvited") : t("statusActive")}
                      {member.two_factor_enabled ? (
                        <span className="ml-2 rounded bg-primary-50 px-1.5 py-0.5 text-xs text-primary-800">
                          {t("twoFactorOn")}
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

      <InviteForm onInvited={(member) => setItems((list) => [...(list ?? []), member])} />

      <Dialog.Root open={removing !== null} onOpenChange={(open) => !open && busyId === null && setRemoving(null)}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
          <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
            <Dialog.Title className="text-lg font-semibold">{t("removeTitle")}</Dialog.Title>
            <Dialog.Description className="mt-2 text-ink">
              {removing ? t("removeConfirm", { email: removing.email }) : ""}
            </Dialog.Description>
            <div className="mt-6 flex flex-wrap justify-end gap-3">
              <Dialog.Close className="btn-secondary" disabled={busyId !== null}>
                {t("cancel")}
              </Dialog.Close>
              <button
                type="button"
                className="btn-danger"
                disabled={busyId !== null}
                onClick={() => removing && void remove(removing)}
              >
                {busyId !== null ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
                {t("remove")}
              </button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </section>
  );
}
