"use client";

import { Mail, ShieldMinus, ShieldOff, ShieldPlus, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { useApiMutation } from "@/components/data/use-api-mutation";
import { useApiQuery } from "@/components/data/use-api-query";
import { Alert } from "@/components/ui/alert";
import { DataTable, dataCell } from "@/components/ui/data-table";
import { PasswordConfirmDialog } from "@/components/ui/password-confirm-dialog";
import { RowActions } from "@/components/ui/row-actions";
import { Spinner } from "@/components/ui/spinner";
import { StatusBadge } from "@/components/ui/status-badge";
import type { StaffListItem } from "@/lib/auth/staff-schemas.shared";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { useStaffUser } from "@/components/admin/shell/staff-user-context";
import { InviteForm } from "./invite-form";

/** What the password dialog is confirming, and for whom. */
type Sensitive = { kind: "grant" | "remove" | "reset2fa"; member: StaffListItem };

/** /admin/staff: who has access, their role, invitations, and removing access. */
export function StaffView() {
  const t = useTranslations("admin.staff");
  const tc = useTranslations("common");
  const { user: me, setUser } = useStaffUser();
  const staff = useApiQuery<{ items: StaffListItem[] }>("/api/staff");
  const items = staff.data?.items ?? null;
  const setItems = (update: (list: StaffListItem[]) => StaffListItem[]) =>
    staff.setData((data) => ({ items: update(data?.items ?? []) }));
  // Code 8 is the last admin only as a 409 (docs/auth.md); as a 403 it means the caller is no
  // admin (any more), and the catalogue's text says so.
  const { run } = useApiMutation();
  // The actions that ask for the admin's password: their errors show inside the dialog.
  const confirmed = useApiMutation();
  const te = useTranslations("errors");
  const reason = (result: { status: number; error: { code: number }; message: string }) =>
    result.status === 409 && result.error.code === ErrorCode.ADMIN_REQUIRED
      ? t("lastAdmin")
      : result.message;
  /**
   * A refusal's text; a 403 code 8 also means this session is no admin any more (the role was
   * taken elsewhere), which the whole portal then shows (menu, this screen).
   */
  const refusal = (result: { status: number; error: { code: number }; message: string }) => {
    if (result.status === 403 && result.error.code === ErrorCode.ADMIN_REQUIRED) {
      setUser({ ...me, is_admin: false });
    }
    return reason(result);
  };
  // Once the session is no admin, the screen is the refusal AdminOnlyScreen shows; the button
  // pressed is gone, so focus goes to the heading.
  const heading = useRef<HTMLHeadingElement>(null);
  const wasAdmin = useRef(me.is_admin);
  useEffect(() => {
    if (wasAdmin.current && !me.is_admin) heading.current?.focus();
    wasAdmin.current = me.is_admin;
  }, [me.is_admin]);
  // After a refused row action the list is read again, and the button pressed may be gone with
  // what it offered (an invitation accepted, a person removed): the focus, fallen to the page's
  // body, goes to the heading rather than back to the top of the page.
  const refocusAfterRead = useRef(false);
  const readAgain = () => {
    refocusAfterRead.current = true;
    staff.refresh();
  };
  useEffect(() => {
    if (!refocusAfterRead.current || staff.loading) return;
    refocusAfterRead.current = false;
    const active = document.activeElement;
    if (!active || active === document.body) heading.current?.focus();
  }, [staff.data, staff.loading]);
  // Each row's own: a second row's action does not free the first one's buttons.
  const [busyIds, setBusyIds] = useState<ReadonlySet<number>>(new Set());
  const setBusy = (id: number, busy: boolean) =>
    setBusyIds((ids) => {
      const next = new Set(ids);
      if (busy) next.add(id);
      else next.delete(id);
      return next;
    });
  const [sensitive, setSensitive] = useState<Sensitive | null>(null);
  // The refusal of the last confirmed action, in the reader's words (shown while `confirmed`
  // holds its error: a new attempt or closing the dialog clears that).
  const [confirmError, setConfirmError] = useState<string | null>(null);

  function replaceItem(member: StaffListItem) {
    setItems((list) => list.map((m) => (m.id === member.id ? member : m)));
  }

  async function takeAdminRole(member: StaffListItem) {
    setBusy(member.id, true);
    const result = await run<StaffListItem>({
      path: `/api/staff/${member.id}`,
      method: "PUT",
      body: { is_admin: false },
    });
    setBusy(member.id, false);
    if (!result.ok) {
      toast.error(refusal(result));
      // Someone else may have changed or removed them: the rows show what is stored.
      readAgain();
      return;
    }
    replaceItem(result.data);
    // Stepped down: the portal treats this session as staff from now on (menu, admin actions).
    if (result.data.id === me.id) setUser({ ...me, is_admin: false });
    toast.success(t("updated"));
  }

  async function resend(member: StaffListItem) {
    setBusy(member.id, true);
    const result = await run({ path: `/api/staff/${member.id}/resend_invite`, body: {} });
    setBusy(member.id, false);
    if (result.ok) return void toast.success(t("inviteResent"));
    // 409 code 22: they set their password meanwhile, which the row is about to show.
    const accepted = result.status === 409 && result.error.code === ErrorCode.INVALID_INPUT;
    // 503 code 13: the mail could not go (the earlier link still works).
    const notSent = result.status === 503 && result.error.code === ErrorCode.UNKNOWN;
    toast.error(
      accepted ? t("inviteAlreadyAccepted") : notSent ? t("inviteResendFailed") : refusal(result),
    );
    readAgain();
  }

  async function confirmSensitive({ kind, member }: Sensitive, password: string) {
    const path = `/api/staff/${member.id}`;
    const result = await confirmed.run<StaffListItem>(
      kind === "grant"
        ? { path, method: "PUT", body: { is_admin: true, password } }
        : kind === "remove"
          ? { path, method: "DELETE", body: { password } }
          : { path: `${path}/reset_2fa`, body: { password } },
    );
    if (!result.ok) {
      setConfirmError(refusal(result));
      // Removed elsewhere meanwhile (404 code 12), or their two-factor turned off meanwhile
      // (409 code 11): the rows show what is stored now.
      if (
        result.error.code === ErrorCode.USER_NOT_FOUND ||
        result.error.code === ErrorCode.TWO_FACTOR_ALREADY_DISABLED
      )
        staff.refresh();
      return;
    }
    setSensitive(null);
    if (kind === "remove") {
      setItems((list) => list.filter((m) => m.id !== member.id));
      toast.success(t("removed"));
    } else {
      replaceItem(result.data);
      toast.success(kind === "grant" ? t("updated") : t("twoFactorReset"));
    }
  }

  const dialogTexts = sensitive
    ? {
        grant: {
          title: t("grantTitle"),
          description: t("grantConfirm", { email: sensitive.member.email }),
          confirmLabel: t("makeAdmin"),
        },
        remove: {
          title: t("removeTitle"),
          description: t("removeConfirm", { email: sensitive.member.email }),
          confirmLabel: t("remove"),
        },
        reset2fa: {
          title: t("resetTwoFactorTitle"),
          description: t("resetTwoFactorConfirm", { email: sensitive.member.email }),
          confirmLabel: t("resetTwoFactor"),
        },
      }[sensitive.kind]
    : null;

  return (
    <section className="mx-auto max-w-5xl space-y-6">
      <div>
        <h1
          ref={heading}
          tabIndex={-1}
          className="text-2xl font-bold text-primary-800 focus:outline-none"
        >
          {t("title")}
        </h1>
        {me.is_admin ? <p className="mt-2 max-w-3xl text-ink">{t("intro")}</p> : null}
      </div>
      {me.is_admin ? null : <Alert tone="error">{te(`codes.${ErrorCode.ADMIN_REQUIRED}`)}</Alert>}
      {me.is_admin ? staffScreen() : null}
    </section>
  );

  function staffScreen() {
    return (
      <>
        {staff.error ? <Alert tone="error">{t("loadFailed")}</Alert> : null}
        {items === null && !staff.error ? <Spinner label={tc("loading")} /> : null}
        {items ? (
          <DataTable
            caption={t("tableCaption")}
            columns={[
              { label: t("columns.name") },
              { label: t("columns.email") },
              { label: t("columns.role") },
              { label: t("columns.status") },
              { label: t("columns.actions"), align: "end" },
            ]}
          >
            {items.map((member) => {
              const self = member.id === me.id;
              const busy = busyIds.has(member.id);
              return (
                <tr key={member.id}>
                  <td className={dataCell}>
                    {member.name}
                    {self ? <span className="ml-1 text-muted">{t("you")}</span> : null}
                  </td>
                  <td className={`${dataCell} break-all`}>{member.email}</td>
                  <td className={dataCell}>{member.is_admin ? t("roleAdmin") : t("roleStaff")}</td>
                  <td className={dataCell}>
                    {member.invitation_pending ? t("statusInvited") : t("statusActive")}
                    {member.two_factor_enabled ? (
                      <span className="ml-2">
                        <StatusBadge tone="light">{t("twoFactorOn")}</StatusBadge>
                      </span>
                    ) : null}
                  </td>
                  <td className={dataCell}>
                    <RowActions
                      rowName={member.email}
                      display="labels"
                      busy={busy}
                      actions={[
                        member.is_admin
                          ? {
                              id: "role",
                              label: t("removeAdmin"),
                              icon: ShieldMinus,
                              onClick: () => void takeAdminRole(member),
                            }
                          : {
                              id: "role",
                              label: t("makeAdmin"),
                              icon: ShieldPlus,
                              onClick: () => setSensitive({ kind: "grant", member }),
                            },
                        member.invitation_pending && {
                          label: t("resendInvite"),
                          icon: Mail,
                          onClick: () => void resend(member),
                        },
                        member.two_factor_enabled &&
                          !self && {
                            label: t("resetTwoFactor"),
                            icon: ShieldOff,
                            onClick: () => setSensitive({ kind: "reset2fa", member }),
                          },
                        !self && {
                          label: t("remove"),
                          icon: Trash2,
                          tone: "danger",
                          onClick: () => setSensitive({ kind: "remove", member }),
                        },
                      ]}
                    />
                  </td>
                </tr>
              );
            })}
          </DataTable>
        ) : null}

        <InviteForm
          onInvited={(member) => setItems((list) => [...list, member])}
          onAdminLost={() => setUser({ ...me, is_admin: false })}
        />

        <PasswordConfirmDialog
          open={sensitive !== null}
          onOpenChange={(open) => {
            if (open) return;
            confirmed.reset();
            setSensitive(null);
          }}
          title={dialogTexts?.title ?? ""}
          description={dialogTexts?.description ?? ""}
          confirmLabel={dialogTexts?.confirmLabel ?? ""}
          tone={sensitive?.kind === "remove" ? "danger" : "primary"}
          pending={confirmed.pending}
          error={confirmed.error ? confirmError : null}
          onConfirm={(password) => sensitive && void confirmSensitive(sensitive, password)}
        />
      </>
    );
  }
}
