"use client";

import type { LucideIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import type { MouseEvent } from "react";

type ActionBase = {
  /** The short label: the button's text, or its tooltip when only the icon shows. */
  label: string;
  /**
   * The full accessible name, when the screen has its own sentence for it ("Delete {email}").
   * Otherwise it is the label followed by the row's name, so that a screen-reader user moving
   * from button to button, out of the table, still hears which row each one acts on.
   */
  name?: string;
  icon: LucideIcon;
  /** Removing something: red, so it does not look like the harmless actions beside it. */
  tone?: "danger";
  /**
   * Who the button is when its label changes with the row (make admin / remove admin): the same
   * button then stays, and keeps focus, instead of being replaced by another. The label by default.
   */
  id?: string;
};

export type RowButtonAction = ActionBase & {
  /** The event's currentTarget is the button, for screens that return focus to it later. */
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
  disabled?: boolean;
  /** The id of the text that says why it is disabled (`useAdminOnly`'s `describedBy`). */
  describedBy?: string;
};

export type RowLinkAction = ActionBase & {
  href: string;
  /** Save under this file name instead of opening. */
  download?: string;
  newTab?: boolean;
};

export type RowAction = RowButtonAction | RowLinkAction;

const styles = {
  icons: { normal: "btn-ghost p-2", danger: "btn-ghost p-2 text-accent-700" },
  labels: { normal: "btn-secondary px-3", danger: "btn-danger px-3" },
} as const;

/**
 * The buttons (and links) at the end of a table row: one group named after the row, in the
 * order given, right-aligned, wrapping on narrow screens. `icons` shows icons only, each with its
 * label as a tooltip; `labels` shows icon and label. Every one is a native button or link, so it
 * is reached with Tab and used with Enter (or Space), and shows the site's focus outline.
 * Actions given as `false` or `null` are left out, so a screen can list conditional ones inline.
 *
 * While `busy` (one of them is being carried out) every button is `aria-disabled` and does
 * nothing when pressed; they are not `disabled`, which would take focus from the one pressed.
 */
export function RowActions({
  rowName,
  actions,
  display,
  busy = false,
}: {
  /** What the row is called where people see it: an e-mail address, a file name. */
  rowName: string;
  actions: (RowAction | false | null | undefined)[];
  display: "icons" | "labels";
  /** One of the row's actions is being carried out. */
  busy?: boolean;
}) {
  const t = useTranslations("common.rowActions");
  const iconsOnly = display === "icons";
  return (
    <div
      role="group"
      aria-label={t("group", { name: rowName })}
      className="flex flex-wrap justify-end gap-1"
    >
      {actions.map((action) => {
        if (!action) return null;
        const { label, icon: Icon } = action;
        const props = {
          className: styles[display][action.tone ?? "normal"],
          "aria-label": action.name ?? t("action", { action: label, name: rowName }),
          title: iconsOnly ? label : undefined,
        };
        const content = (
          <>
            <Icon aria-hidden className="size-4" />
            {iconsOnly ? null : label}
          </>
        );
        if ("href" in action) {
          return (
            <a
              key={action.id ?? label}
              {...props}
              href={action.href}
              download={action.download}
              {...(action.newTab ? { target: "_blank", rel: "noopener noreferrer" } : {})}
            >
              {content}
            </a>
          );
        }
        return (
          <button
            key={action.id ?? label}
            type="button"
            {...props}
            disabled={action.disabled}
            aria-disabled={busy || undefined}
            aria-describedby={action.describedBy}
            onClick={busy ? undefined : action.onClick}
          >
            {content}
          </button>
        );
      })}
    </div>
  );
}
