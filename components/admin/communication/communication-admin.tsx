"use client";

import { Plus } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { useCallback, useRef, useState } from "react";
import { toast } from "sonner";
import { useStaffUser } from "@/components/admin/shell/staff-user-context";
import { useApiMutation } from "@/components/data/use-api-mutation";
import { useApiQuery } from "@/components/data/use-api-query";
import { useErrorMessage } from "@/components/data/use-error-message";
import { ActionButton } from "@/components/ui/action-button";
import { LoadFailed } from "@/components/ui/load-failed";
import { LeaveDialog } from "@/components/ui/leave-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { ScreenFrame } from "@/components/ui/screen-frame";
import { SelectList } from "@/components/ui/select-list";
import { Spinner } from "@/components/ui/spinner";
import { useLeaveGuard } from "@/components/ui/use-leave-guard";
import type {
  PanelMessageDetailDto,
  PanelMessageDto,
  PanelMessageList,
} from "@/lib/mailings/schemas.shared";
import { MessageDetail } from "./message-detail";
import { MessageStatusBadge, toDate } from "./message-status";
import type { LeaveCheck } from "./use-message-saves";

/**
 * The communication screen (spec §2): the messages newest first on the left, the selected one
 * on the right. A message is selected by clicking it and deselected by clicking it again; 'new
 * message' makes a draft, puts it on top and selects it.
 */
export function CommunicationAdmin({ title }: { title: string }) {
  const t = useTranslations("panelMessages.screen");
  const format = useFormatter();
  const describe = useErrorMessage();
  const { user } = useStaffUser();
  const list = useApiQuery<PanelMessageList>("/api/panel_message");
  const create = useApiMutation();
  const creating = useRef(false);
  const [leavingForNew, setLeavingForNew] = useState(false);
  const [selected, setSelected] = useState<number | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Asked before the detail is closed or replaced: its unsaved changes are saved first, and a
  // message changed elsewhere keeps the detail open until the reader chose what happens to them.
  const canLeave = useRef<LeaveCheck>(async () => "leave");
  const registerLeaveCheck = useCallback((check: LeaveCheck) => {
    canLeave.current = check;
    return () => {
      if (canLeave.current === check) canLeave.current = async () => "leave";
    };
  }, []);

  /**
   * True when the detail may close now. A conflict stays, saying why. A failed save asks:
   * some never pass (the message was sent or deleted elsewhere), so staying cannot be all.
   */
  async function mayLeave(): Promise<boolean> {
    const outcome = await canLeave.current();
    if (outcome === "conflict") toast.error(t("conflictFirst"));
    if (outcome !== "unsaved") return outcome === "leave";
    return leaveGuard.ask();
  }

  // A link elsewhere in the portal first saves the open message, and asks when that fails: a
  // move within the app fires no `beforeunload`, and the detail's last try on unmount is unseen.
  const leaveGuard = useLeaveGuard({
    shouldAsk: () => selected !== null,
    settle: async () => (await canLeave.current()) === "leave",
  });

  async function select(id: number | null) {
    if (await mayLeave()) setSelected(id);
  }

  const { setData } = list;
  const onChange = useCallback(
    (message: PanelMessageDto) =>
      setData((data) =>
        data
          ? {
              items: data.items.map((item) =>
                item.id === message.id ? pickListFields(message) : item,
              ),
            }
          : data,
      ),
    [setData],
  );
  const onDeleted = useCallback(
    (id: number) => {
      setSelected(null);
      setData((data) => data && { items: data.items.filter((item) => item.id !== id) });
      // The button that opened the detail is gone with it.
      heading.current?.focus();
    },
    [setData],
  );

  /**
   * Busy from the press on, not only once the POST starts: leaving the open message first waits
   * for its save, and a second press meanwhile would make a second draft.
   */
  async function createMessage() {
    if (creating.current) return;
    creating.current = true;
    setLeavingForNew(true);
    try {
      if (!(await mayLeave())) return;
      const result = await create.run<PanelMessageDto>({ path: "/api/panel_message", body: {} });
      if (!result.ok) {
        toast.error(t("createFailed", { message: result.message }));
        return;
      }
      // A list that never loaded stays unloaded, its failure in view, until it is read again:
      // a list of the new draft alone would look as if every other message were gone.
      setData((data) => data && { items: [result.data, ...data.items] });
      if (!list.data) list.refresh();
      setSelected(result.data.id);
    } finally {
      creating.current = false;
      setLeavingForNew(false);
    }
  }

  const items = list.data?.items;
  const listed = items?.find((item) => item.id === selected);
  return (
    <ScreenFrame titleId="communication-title" title={title} headingRef={heading}>
      <div className="grid gap-6 lg:grid-cols-[minmax(16rem,22rem)_1fr]">
        <div>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="message-list-title" className="text-lg font-semibold">
              {t("listTitle")}
            </h2>
            <ActionButton
              variant="secondary"
              icon={Plus}
              pending={create.pending || leavingForNew}
              onClick={() => void createMessage()}
            >
              <span className="first-letter:uppercase">{t("newMessage")}</span>
            </ActionButton>
          </div>
          <div className="mt-3">
            {list.error && !items ? (
              <LoadFailed
                title={t("loadFailed", { message: describe(list.error) })}
                retryLabel={t("retry")}
                onRetry={list.refresh}
              />
            ) : !items ? (
              <Spinner label={t("loading")} />
            ) : items.length === 0 ? (
              <EmptyState>{t("empty")}</EmptyState>
            ) : (
              <SelectList
                items={items}
                selectedId={selected}
                onSelect={(id) => void select(id)}
                aria-label={t("listLabel")}
                className="space-y-2"
                buttonClassName={(isSelected) =>
                  `w-full rounded-md border p-3 text-left transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700 ${
                    isSelected
                      ? "border-primary-700 bg-primary-50"
                      : "border-gray-300 bg-white hover:bg-gray-50"
                  }`
                }
              >
                {(item) => (
                  <>
                    <span className="block font-medium break-words">{item.subject}</span>
                    <span className="mt-1 flex flex-wrap items-center justify-between gap-2 text-sm text-muted">
                      <span>
                        {format.dateTime(toDate(item.created_at), {
                          dateStyle: "medium",
                          timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
                        })}
                      </span>
                      <MessageStatusBadge status={item.communication_status} />
                    </span>
                  </>
                )}
              </SelectList>
            )}
          </div>
        </div>

        <div className="min-w-0 rounded-lg border border-gray-200 bg-white p-4 sm:p-6">
          {selected === null ? (
            <EmptyState>{t("selectMessage")}</EmptyState>
          ) : (
            <MessageDetail
              key={selected}
              id={selected}
              listed={listed}
              isAdmin={user.is_admin}
              userEmail={user.email}
              onChange={onChange}
              onDeleted={onDeleted}
              registerLeaveCheck={registerLeaveCheck}
            />
          )}
          <LeaveDialog {...leaveGuard.dialog} t={t} />
        </div>
      </div>
    </ScreenFrame>
  );
}

/** The list keeps the message's own fields, not the extras the detail is loaded with. */
function pickListFields(message: PanelMessageDetailDto): PanelMessageDto {
  const { recipients_estimate: _estimate, failure_reasons: _reasons, ...own } = message;
  return own;
}
