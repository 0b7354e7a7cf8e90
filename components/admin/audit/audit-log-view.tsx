"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { DownloadButton } from "@/components/data/download-button";
import { useApiQuery } from "@/components/data/use-api-query";
import { useErrorMessage } from "@/components/data/use-error-message";
import { LoadFailed } from "@/components/ui/load-failed";
import { Pager } from "@/components/ui/pager";
import { ScreenFrame } from "@/components/ui/screen-frame";
import { Spinner } from "@/components/ui/spinner";
import { AUDIT_PAGE_SIZE, type AuditLogPage } from "@/lib/audit/schemas.shared";
import type { StaffListItem } from "@/lib/auth/staff-schemas.shared";
import { AuditFilters, type Person } from "./audit-filters";
import { AuditTable } from "./audit-table";
import { ChainHead } from "./chain-head";
import { auditQuery, datesReversed, NO_FILTERS, type AuditScreenFilters } from "./filters";

/**
 * /admin/audit: what staff did, newest first, a page at a time, filtered by action, person and
 * dates, with a CSV download of every row the filters match and the chain's head to note down.
 */
export function AuditLogView() {
  const t = useTranslations("audit");
  const errorMessage = useErrorMessage();
  const [filters, setFilters] = useState<AuditScreenFilters>(NO_FILTERS);
  // What the list shows: the filters as last valid (a reversed date range is not applied).
  const [applied, setApplied] = useState<AuditScreenFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  // People picked from a row, kept so the person filter can name them (removed accounts too).
  const [picked, setPicked] = useState<Person[]>([]);

  const query = auditQuery(applied);
  const listQuery = new URLSearchParams(query);
  listQuery.set("page", String(page));
  listQuery.set("per_page", String(AUDIT_PAGE_SIZE));
  const list = useApiQuery<AuditLogPage>(`/api/audit_log?${listQuery}`, { keepPrevious: true });
  const staff = useApiQuery<{ items: StaffListItem[] }>("/api/staff");

  /** Applies a change at once; a reversed date range keeps the dates last applied, not the rest. */
  function change(next: AuditScreenFilters) {
    setFilters(next);
    setApplied(datesReversed(next) ? { ...next, from: applied.from, to: applied.to } : next);
    setPage(1);
  }

  const people = [...(staff.data?.items ?? []), ...picked]
    .filter((p, i, all) => all.findIndex((q) => q.id === p.id) === i)
    .map((p) => ({ id: p.id, email: p.email }));
  if (filters.actorId !== null && !people.some((p) => p.id === filters.actorId)) {
    people.push({ id: filters.actorId, email: t("filters.personById", { id: filters.actorId }) });
  }

  const data = list.data;
  const csvQuery = new URLSearchParams(query);
  csvQuery.set("format", "csv");
  // The list's first row answers as the file would (an admin, filters that are valid).
  const checkQuery = new URLSearchParams(query);
  checkQuery.set("per_page", "1");
  return (
    <ScreenFrame
      titleId="audit-title"
      title={t("title")}
      intro={
        <>
          <p className="mt-2 max-w-3xl text-muted">{t("intro")}</p>
          {data ? (
            <p className="mt-2 text-muted">{t("total", { count: data.meta.total_items })}</p>
          ) : null}
        </>
      }
      actions={
        <DownloadButton
          path={`/api/audit_log?${csvQuery}`}
          checkPath={`/api/audit_log?${checkQuery}`}
          fallbackName="audit-log.csv"
          label={t("download")}
          pendingLabel={t("downloading")}
          failedText={t("downloadFailed")}
        />
      }
    >
      <AuditFilters filters={filters} people={people} onChange={change} />
      {list.error ? (
        <LoadFailed
          title={t("loadFailed", { message: errorMessage(list.error) })}
          retryLabel={t("retry")}
          onRetry={list.refresh}
        />
      ) : !data ? (
        <Spinner label={t("loading")} />
      ) : data.items.length === 0 ? (
        <p>{t("empty")}</p>
      ) : (
        <AuditTable
          items={data.items}
          busy={list.loading}
          onPerson={(person) => {
            setPicked((list) => [...list, person]);
            change({ ...filters, actorId: person.id });
          }}
        />
      )}
      {data ? (
        <Pager
          page={data.meta.page}
          pages={data.meta.total_pages}
          busy={list.loading}
          onPage={setPage}
          texts={{
            label: t("pagination.label"),
            previous: t("pagination.previous"),
            next: t("pagination.next"),
            status: t("pagination.status", {
              page: data.meta.page,
              pages: data.meta.total_pages,
            }),
          }}
        />
      ) : null}
      {data ? <ChainHead head={data.head} /> : null}
    </ScreenFrame>
  );
}
