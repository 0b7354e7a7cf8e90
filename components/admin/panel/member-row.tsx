"use client";

import { Check, Mail, MailCheck, Trash2, X } from "lucide-react";
import { useTranslations } from "next-intl";
import type { AdminOnly } from "@/components/ui/admin-only";
import { dataCell } from "@/components/ui/data-table";
import { RowActions } from "@/components/ui/row-actions";
import { StatusBadge } from "@/components/ui/status-badge";
import type { PanelUserDto } from "@/lib/panel/schemas.shared";

export type MemberAction = "resend" | "delete" | "clearBounce";

/**
 * One member in the panel table: number, address, confirmed or not, mail delivery, and the
 * actions, each disabled with its reason where it does not apply. `onAction` gets the button
 * pressed, to return focus to once the action's dialog closes.
 */
export function MemberRow({
  member,
  deleteAdminOnly,
  onAction,
}: {
  member: PanelUserDto;
  deleteAdminOnly: AdminOnly;
  onAction: (kind: MemberAction, member: PanelUserDto, button: HTMLElement) => void;
}) {
  const t = useTranslations("panel.admin");
  return (
    <tr>
      <td className={`${dataCell} tabular-nums`}>{member.id}</td>
      <td className={`${dataCell} break-all`}>{member.email}</td>
      <td className={dataCell}>
        {member.is_verified ? (
          <Check aria-hidden className="size-5 text-green-700" />
        ) : (
          <X aria-hidden className="size-5 text-accent-700" />
        )}
        <span className="sr-only">{member.is_verified ? t("verified") : t("notVerified")}</span>
      </td>
      <td className={dataCell}>
        {member.delivery_status === "bounced" ? (
          <>
            <StatusBadge tone="danger">{t("deliveryBounced")}</StatusBadge>
            {member.bounce_kind ? (
              <span className="ml-2 text-sm text-muted">
                {t("bounceKind", { kind: member.bounce_kind })}
              </span>
            ) : null}
          </>
        ) : (
          t("deliveryOk")
        )}
      </td>
      <td className={dataCell}>
        <RowActions
          rowName={member.email}
          display="icons"
          actions={[
            {
              label: t("resend"),
              name: member.is_verified
                ? t("resendNotNeeded", { email: member.email })
                : member.delivery_status === "bounced"
                  ? t("resendBounced", { email: member.email })
                  : t("resendFor", { email: member.email }),
              icon: Mail,
              // A bounced address would have the mail suppressed unseen: mail is
              // allowed again first, by its own action.
              disabled: member.is_verified || member.delivery_status === "bounced",
              onClick: (e) => onAction("resend", member, e.currentTarget),
            },
            {
              label: t("clearBounce"),
              name:
                member.delivery_status === "bounced"
                  ? t("clearBounceFor", { email: member.email })
                  : t("clearBounceNotNeeded", { email: member.email }),
              icon: MailCheck,
              disabled: member.delivery_status !== "bounced",
              onClick: (e) => onAction("clearBounce", member, e.currentTarget),
            },
            {
              label: t("delete"),
              name: t("deleteFor", { email: member.email }),
              icon: Trash2,
              tone: "danger",
              disabled: deleteAdminOnly.disabled,
              describedBy: deleteAdminOnly.describedBy,
              onClick: (e) => onAction("delete", member, e.currentTarget),
            },
          ]}
        />
      </td>
    </tr>
  );
}
