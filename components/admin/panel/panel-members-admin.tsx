"use client";

import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { toast } from "sonner";
import { useApiMutation } from "@/components/data/use-api-mutation";
import { useApiQuery } from "@/components/data/use-api-query";
import { useErrorMessage } from "@/components/data/use-error-message";
import { useAdminOnly } from "@/components/ui/admin-only";
import { Alert } from "@/components/ui/alert";
import { LoadFailed } from "@/components/ui/load-failed";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DataTable } from "@/components/ui/data-table";
import { Pager } from "@/components/ui/pager";
import { ScreenFrame } from "@/components/ui/screen-frame";
import { Spinner } from "@/components/ui/spinner";
import type { ApiError } from "@/lib/api-client.shared";
import {
  PANEL_PAGE_SIZE,
  type PanelUserDto,
  type PanelUserList,
  type PanelUserStatus,
} from "@/lib/panel/schemas.shared";
import { useStaffUser } from "@/components/admin/shell/staff-user-context";
import { MemberFinder, type MemberSearch } from "./member-finder";
import { MemberRow, type MemberAction } from "./member-row";

type PendingAction = { kind: MemberAction; member: PanelUserDto };

const confirmTexts = {
  resend: ["confirmResendTitle", "confirmResendText", "confirmResend", "resent"],
  delete: ["confirmDeleteTitle", "confirmDeleteText", "confirmDelete", "deleted"],
  clearBounce: [
    "confirmClearBounceTitle",
    "confirmClearBounceText",
    "confirmClearBounce",
    "bounceCleared",
  ],
} as const;

function actionRequest({ kind, member }: PendingAction) {
  if (kind === "delete") return { path: `/api/panel_user/${member.id}`, method: "DELETE" as const };
  const action = kind === "resend" ? "resend_verification_email" : "clear_bounce";
  return { path: `/api/panel_user/${member.id}/${action}`, body: {} };
}

/** The last member of the last page was removed: the page asked for is past the end. */
function pastTheEnd(list: PanelUserList): boolean {
  return list.items.length === 0 && list.meta.page > 1 && list.meta.page > list.meta.total_pages;
}

/**
 * The 'Panel deelnemers' screen: the member list, ten a page (all members, or verified,
 * unverified or bounced ones), a search by address, and per member: resend the verification
 * mail, allow mail again after a bounce, delete (admins only: disabled with the reason for other
 * staff).
 */
export function PanelMembersAdmin() {
  const t = useTranslations("panel.admin");
  const errorMessage = useErrorMessage();
  const { user } = useStaffUser();
  const deleteAdminOnly = useAdminOnly(user.is_admin, t("deleteAdminOnly"));
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<PanelUserStatus | undefined>(undefined);
  const [search, setSearch] = useState<MemberSearch | null>(null);
  // How many searches were answered: each result's text is a new node for screen readers.
  const [searches, setSearches] = useState(0);
  const query = useApiQuery<PanelUserList>(
    `/api/panel_user?page=${page}&per_page=${PANEL_PAGE_SIZE}${status ? `&status=${status}` : ""}`,
    { keepPrevious: true },
  );
  const { run, pending: busy } = useApiMutation();
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  // Why the search shown could not be read again after an action: its rows may be out of date.
  const [searchStale, setSearchStale] = useState<string | null>(null);
  // The dialog opens from a row's button; focus goes back there, or to the heading when the
  // row is gone (after a delete).
  const opener = useRef<HTMLElement | null>(null);
  const focusHeading = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);

  // Show the page before instead (the rows of a page past the end would be an empty table).
  if (query.data && pastTheEnd(query.data) && query.data.meta.page === page) {
    setPage(Math.max(1, query.data.meta.total_pages));
  }
  const paged = query.data && !pastTheEnd(query.data) ? query.data : undefined;
  const list = search ? search.list : paged;
  const loading = query.loading;
  const loadError = query.error;

  /**
   * A refusal stays in the dialog, beside the buttons to try again or cancel; a toast could go
   * unseen. Either way the list is read again: a refusal may mean someone else changed the member.
   */
  async function confirm() {
    if (!pending) return;
    setActionError(null);
    const result = await run(actionRequest(pending));
    if (result.ok) {
      // The row's button is gone after a delete, and disabled (or, under the bounced filter,
      // its row gone) after mail is allowed again: focus goes to the heading then.
      focusHeading.current = pending.kind !== "resend";
      setPending(null);
      toast.success(t(confirmTexts[pending.kind][3]));
    } else setActionError(resendRefusal(pending, result.error) ?? result.message);
    query.refresh();
    if (search) await searchAgain(search.email);
  }

  /** A resend refused for the member's state (409 code 22 naming it): why, in the screen's words. */
  function resendRefusal({ kind, member }: PendingAction, error: ApiError): string | null {
    if (kind !== "resend") return null;
    const reason = error.fields?.id;
    if (reason === "verified") return t("resendNotNeeded", { email: member.email });
    if (reason === "bounced") return t("resendBounced", { email: member.email });
    return null;
  }

  async function searchAgain(email: string) {
    const again = await run<PanelUserList>({ path: "/api/panel_user/search", body: { email } });
    if (again.ok) {
      setSearch({ email, list: again.data });
      setSearchStale(null);
    } else setSearchStale(again.message);
  }

  function open(kind: MemberAction, member: PanelUserDto, button: HTMLElement) {
    opener.current = button;
    focusHeading.current = false;
    setActionError(null);
    setPending({ kind, member });
  }

  function showSearch(found: MemberSearch | null) {
    setSearch(found);
    setSearchStale(null);
  }

  function focusTarget(): HTMLElement | null {
    const target = focusHeading.current ? heading.current : opener.current;
    return target?.isConnected ? target : heading.current;
  }

  const meta = list?.meta;
  return (
    <ScreenFrame
      titleId="panel-members-title"
      title={t("title")}
      headingRef={heading}
      intro={
        paged && !status ? (
          <p className="mt-2 text-muted">{t("total", { count: paged.meta.total_items })}</p>
        ) : null
      }
    >
      <MemberFinder
        status={status}
        onStatusChange={(next) => {
          showSearch(null);
          setStatus(next);
          setPage(1);
        }}
        onFound={(found) => {
          setSearches((n) => n + 1);
          showSearch(found);
        }}
      />
      {/* On the page from the start, so its first result is announced; each search's result is a
          new node, so a second search with the same count is announced too. */}
      <div className={search ? "flex flex-wrap items-center gap-3" : undefined}>
        <p role="status">
          {search ? (
            <span key={searches}>{t("search.found", { count: search.list.meta.total_items })}</span>
          ) : null}
        </p>
        {search ? (
          <button type="button" className="btn-secondary" onClick={() => showSearch(null)}>
            {t("search.clear")}
          </button>
        ) : null}
      </div>

      {list && list.items.length > 0 && deleteAdminOnly.reason ? (
        <div>{deleteAdminOnly.reason}</div>
      ) : null}

      {search && searchStale ? (
        <Alert tone="error" title={t("search.refreshFailed", { message: searchStale })} />
      ) : null}

      <div>
        {/* The page's list failing to load does not hide a search's results, which are apart. */}
        {loadError && !search ? (
          <LoadFailed
            title={t("loadFailed", { message: errorMessage(loadError) })}
            retryLabel={t("retry")}
            onRetry={query.refresh}
          />
        ) : !list ? (
          <Spinner label={t("loading")} />
        ) : list.items.length === 0 ? (
          search ? null : (
            <p>{status ? t("emptyFilter") : t("empty")}</p>
          )
        ) : (
          <DataTable
            caption={t("tableCaption")}
            busy={loading}
            columns={[
              { label: t("columns.id") },
              { label: t("columns.email") },
              { label: t("columns.verified") },
              { label: t("columns.delivery") },
              { label: t("columns.actions"), align: "end" },
            ]}
          >
            {list.items.map((member) => (
              <MemberRow
                key={member.id}
                member={member}
                deleteAdminOnly={deleteAdminOnly}
                onAction={open}
              />
            ))}
          </DataTable>
        )}
      </div>

      {meta && !search ? (
        <Pager
          page={page}
          pages={meta.total_pages}
          busy={loading}
          onPage={setPage}
          texts={{
            label: t("pagination.label"),
            previous: t("pagination.previous"),
            next: t("pagination.next"),
            status: t("pagination.status", { page: meta.page, pages: meta.total_pages }),
          }}
        />
      ) : null}

      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(next) => !next && setPending(null)}
        pending={busy}
        error={actionError}
        tone={pending?.kind === "delete" ? "danger" : "primary"}
        title={t(confirmTexts[pending?.kind ?? "resend"][0])}
        description={
          pending
            ? t(confirmTexts[pending.kind][1], {
                email: pending.member.email,
              })
            : ""
        }
        confirmLabel={t(confirmTexts[pending?.kind ?? "resend"][2])}
        cancelLabel={t("cancel")}
        onConfirm={() => void confirm()}
        returnFocus={focusTarget}
      />
    </ScreenFrame>
  );
}
