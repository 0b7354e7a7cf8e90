"use client";

import { Plus } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { useCallback, useRef, useState } from "react";
import { toast } from "sonner";
import { useApiMutation } from "@/components/data/use-api-mutation";
import { useApiQuery } from "@/components/data/use-api-query";
import { useErrorMessage } from "@/components/data/use-error-message";
import { ActionButton } from "@/components/ui/action-button";
import { LoadFailed } from "@/components/ui/load-failed";
import { EmptyState } from "@/components/ui/empty-state";
import { LeaveDialog } from "@/components/ui/leave-dialog";
import { SelectList } from "@/components/ui/select-list";
import { Spinner } from "@/components/ui/spinner";
import { StatusBadge } from "@/components/ui/status-badge";
import { useLeaveGuard } from "@/components/ui/use-leave-guard";
import { ApiCallError } from "@/lib/api-client.shared";
import { ErrorCode } from "@/lib/errors/codes.shared";
import type { StudyDto, StudyList } from "@/lib/studies/schemas.shared";
import { STATUS_TONES } from "./format";
import { StudyDetail } from "./study-detail";

/**
 * /admin/studies: every study on the left (name, creation date, status badge), the selected
 * one on the right. A click selects a study and a second click deselects it. Before another
 * study opens, whatever is still being typed in the open one is saved; when that fails the
 * reader is asked, and the open one stays unless they choose to leave it. A link elsewhere in the portal (the menu,
 * "edit survey") saves first in the same way, and asks when that fails: a move within the app
 * fires no `beforeunload`, and the pane's last try on unmount would fail unseen.
 */
export function StudiesView() {
  const t = useTranslations("admin.studies");
  const format = useFormatter();
  // A refused value (code 22) is explained at its own field, which the reader is kept on.
  const describe = useErrorMessage({ [ErrorCode.INVALID_INPUT]: t("unsavedAtField") });
  const studies = useApiQuery<StudyList>("/api/study");
  const items = studies.data?.items ?? null;
  const { run, pending: creating } = useApiMutation();
  // Its own: "new study" is not busy while a copy is made.
  const duplication = useApiMutation();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = items?.find((s) => s.id === selectedId) ?? null;
  // The open detail pane's flush: resolves once its edits are stored.
  const flushOpen = useRef<(() => Promise<void>) | null>(null);
  // Whether the pane opening next starts with focus on its heading.
  const focusPane = useRef(false);

  const replace = useCallback(
    (study: StudyDto) =>
      studies.setData((data) => ({
        items: (data?.items ?? []).map((s) => (s.id === study.id ? study : s)),
      })),
    [studies],
  );

  /** Saves what the open pane still holds; false (and says why) when that failed. */
  async function flushPane(): Promise<boolean> {
    try {
      await flushOpen.current?.();
      return true;
    } catch (error) {
      const apiError = error instanceof ApiCallError ? error.error : undefined;
      toast.error(
        t("unsavedOnSwitch", {
          message: apiError
            ? describe(apiError)
            : describe({ code: ErrorCode.UNKNOWN, message: "", network: true }),
        }),
      );
      return false;
    }
  }

  const leaveGuard = useLeaveGuard({
    shouldAsk: () => selectedId !== null,
    settle: flushPane,
  });

  /**
   * Another study (or none) once the open one's edits are stored; when they cannot be, the
   * reader is asked: some never pass (the study deleted elsewhere), so staying cannot be all.
   */
  async function select(id: number | null) {
    if (id === selectedId) return;
    if ((await flushPane()) || (await leaveGuard.ask())) open(id);
  }

  /** Shows study `id` (or none); the pane closed is done with, its flush too. */
  function open(id: number | null, { focusHeading = false } = {}) {
    flushOpen.current = null;
    focusPane.current = focusHeading;
    setSelectedId(id);
  }

  /** A copy of the study, made after its pending edits are saved, so the copy has them too. */
  async function duplicate(id: number) {
    if (!(await flushPane())) return;
    const result = await duplication.run<StudyDto>({
      path: `/api/study/${id}/duplicate`,
      method: "POST",
    });
    if (!result.ok) {
      toast.error(t("duplicateFailed", { message: result.message }), { duration: 5000 });
      return;
    }
    studies.setData((data) => ({ items: [result.data, ...(data?.items ?? [])] }));
    // The Duplicate button pressed goes with the pane it was in.
    open(result.data.id, { focusHeading: true });
    toast.success(t("duplicated", { name: result.data.name }), { duration: 5000 });
  }

  /** "12 responses", or "12 / 50 responses" when the study has a limit. */
  function responsesText(study: StudyDto): string {
    const count = study.response_count ?? 0;
    return study.response_limit === null
      ? t("closing.responses", { count })
      : t("closing.responsesOfLimit", { count, limit: study.response_limit });
  }

  async function create() {
    const result = await run<StudyDto>({ path: "/api/study", body: {} });
    if (!result.ok) {
      toast.error(result.message);
      return;
    }
    studies.setData((data) => ({ items: [result.data, ...(data?.items ?? [])] }));
    await select(result.data.id);
  }

  return (
    <section className="mx-auto max-w-7xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold text-primary-800">{t("title")}</h1>
        <ActionButton
          id="create-study"
          pending={creating}
          icon={Plus}
          onClick={() => void create()}
          disabled={items === null}
        >
          <span className="first-letter:uppercase">{t("create")}</span>
        </ActionButton>
      </div>

      <div className="flex flex-col gap-6 lg:flex-row lg:items-start">
        <nav aria-label={t("listLabel")} className="w-full shrink-0 lg:w-80">
          {studies.error && items === null ? (
            <LoadFailed title={t("loadFailed")} retryLabel={t("retry")} onRetry={studies.refresh} />
          ) : null}
          {items === null && !studies.error ? <Spinner label={t("loading")} /> : null}
          {items && items.length === 0 ? <EmptyState>{t("noStudies")}</EmptyState> : null}
          {items && items.length > 0 ? (
            <SelectList
              items={items}
              selectedId={selectedId}
              onSelect={(id) => void select(id)}
              className="divide-y divide-gray-200 overflow-hidden rounded-lg border border-gray-200 bg-white"
              buttonClassName={(active) =>
                `flex w-full flex-col gap-1 px-4 py-3 text-left hover:bg-primary-50 ${active ? "border-l-4 border-primary-700 bg-primary-50 pl-3" : ""}`
              }
              itemData={(study) => ({ "data-study-id": study.id })}
            >
              {(study) => (
                <>
                  <span className="font-medium break-words text-ink">{study.name}</span>
                  <span className="flex flex-wrap items-center gap-2 text-sm text-muted">
                    <span>
                      {t("createdOn", {
                        date: format.dateTime(new Date(study.created_at * 1000), {
                          dateStyle: "medium",
                        }),
                      })}
                    </span>
                    <StatusBadge tone={STATUS_TONES[study.status]}>
                      {t(`status.${study.status}`)}
                    </StatusBadge>
                    <span data-testid="response-count">{responsesText(study)}</span>
                  </span>
                </>
              )}
            </SelectList>
          ) : null}
        </nav>

        <div className="min-w-0 flex-1">
          {selected ? (
            <StudyDetail
              key={selected.id}
              study={selected}
              onChange={replace}
              onDuplicate={() => duplicate(selected.id)}
              focusHeading={focusPane.current}
              onDeleted={(id) => {
                open(null);
                studies.setData((data) => ({
                  items: (data?.items ?? []).filter((s) => s.id !== id),
                }));
              }}
              registerFlush={(flush) => {
                flushOpen.current = flush;
              }}
            />
          ) : items ? (
            <EmptyState>{t("empty")}</EmptyState>
          ) : null}
          <LeaveDialog {...leaveGuard.dialog} t={t} />
        </div>
      </div>
    </section>
  );
}
