"use client";

import { useFormatter, useTranslations } from "next-intl";
import { DataTable, dataCell } from "@/components/ui/data-table";
import type { AuditEntryDto } from "@/lib/audit/schemas.shared";
import { useAuditTexts } from "./use-audit-texts";

/**
 * One page of the audit log. A person's address is a button that narrows the log to them,
 * which also works for accounts that no longer exist (and so are not in the person filter).
 */
export function AuditTable({
  items,
  busy,
  onPerson,
}: {
  items: AuditEntryDto[];
  busy: boolean;
  onPerson: (person: { id: number; email: string }) => void;
}) {
  const t = useTranslations("audit");
  const texts = useAuditTexts();
  const format = useFormatter();
  return (
    <DataTable
      caption={t("tableCaption")}
      busy={busy}
      columns={[
        { label: t("columns.at") },
        { label: t("columns.person") },
        { label: t("columns.action") },
        { label: t("columns.about") },
        { label: t("columns.details") },
      ]}
    >
      {items.map((entry) => {
        const at = new Date(entry.at * 1000);
        return (
          <tr key={entry.id}>
            <td className={`${dataCell} whitespace-nowrap tabular-nums`}>
              <time dateTime={at.toISOString()}>
                {format.dateTime(at, {
                  dateStyle: "medium",
                  timeStyle: "medium",
                  timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
                })}
              </time>
            </td>
            <td className={`${dataCell} break-all`}>
              {entry.actor ? (
                <button
                  type="button"
                  className="text-left text-primary-700 underline hover:text-primary-800"
                  aria-label={t("onlyPerson", { email: entry.actor.email })}
                  onClick={() => onPerson(entry.actor!)}
                >
                  {entry.actor.email}
                </button>
              ) : (
                <span className="text-muted">{t("nobody")}</span>
              )}
            </td>
            <td className={dataCell}>{texts.action(entry.action)}</td>
            <td className={dataCell}>{texts.target(entry)}</td>
            <td className={dataCell}>{texts.details(entry)}</td>
          </tr>
        );
      })}
    </DataTable>
  );
}
