"use client";

import { useTranslations } from "next-intl";
import { SelectField, TextField } from "@/components/ui/text-field";
import { AUDIT_ACTIONS } from "@/lib/audit/actions.shared";
import { datesReversed, NO_FILTERS, type AuditScreenFilters } from "./filters";
import { useAuditTexts } from "./use-audit-texts";

export type Person = { id: number; email: string };

/**
 * The audit screen's filters: action, person and a date range. Every change applies at once
 * (the list follows); an end date before the start date is named and not applied.
 */
export function AuditFilters({
  filters,
  people,
  onChange,
}: {
  filters: AuditScreenFilters;
  /** Who can be chosen: the staff accounts, and whoever is chosen now. */
  people: Person[];
  onChange: (filters: AuditScreenFilters) => void;
}) {
  const t = useTranslations("audit.filters");
  const texts = useAuditTexts();
  const set = (change: Partial<AuditScreenFilters>) => onChange({ ...filters, ...change });
  const changed = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);

  return (
    <form
      method="post"
      aria-label={t("label")}
      className="grid gap-4 rounded-lg border border-gray-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
      onSubmit={(e) => e.preventDefault()}
    >
      <SelectField
        label={t("action")}
        value={filters.action}
        onChange={(e) => set({ action: e.target.value as AuditScreenFilters["action"] })}
      >
        <option value="">{t("anyAction")}</option>
        {AUDIT_ACTIONS.map((action) => (
          <option key={action} value={action}>
            {texts.action(action)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t("person")}
        value={filters.actorId ?? ""}
        onChange={(e) => set({ actorId: e.target.value ? Number(e.target.value) : null })}
      >
        <option value="">{t("anyPerson")}</option>
        {people.map((person) => (
          <option key={person.id} value={person.id}>
            {person.email}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t("from")}
        type="date"
        value={filters.from}
        max={filters.to || undefined}
        onChange={(e) => set({ from: e.target.value })}
      />
      <TextField
        label={t("to")}
        type="date"
        value={filters.to}
        min={filters.from || undefined}
        error={datesReversed(filters) ? t("toBeforeFrom") : null}
        onChange={(e) => set({ to: e.target.value })}
      />
      {changed ? (
        <div className="sm:col-span-2 lg:col-span-4">
          <button type="button" className="btn-ghost" onClick={() => onChange(NO_FILTERS)}>
            {t("clear")}
          </button>
        </div>
      ) : null}
    </form>
  );
}
