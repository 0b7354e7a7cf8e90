"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { toast } from "sonner";
import { useApiMutation } from "@/components/data/use-api-mutation";
import { useApiQuery } from "@/components/data/use-api-query";
import { useFlushGroup } from "@/components/data/use-flush-group";
import { useAdminOnly } from "@/components/ui/admin-only";
import { ErrorCode } from "@/lib/errors/codes.shared";
import type { PanelMessageDetailDto, PanelMessageDto } from "@/lib/mailings/schemas.shared";
import { DeleteMessageDialog } from "./delete-message-dialog";
import { DetailLoading } from "./detail-loading";
import { MessageActions } from "./message-actions";
import { MessageBody } from "./message-body";
import { MessageConflict } from "./message-conflict";
import { MessageProgress } from "./message-progress";
import { MessageDates, MessageStatusBadge, isInFlight } from "./message-status";
import { MessageSubject } from "./message-subject";
import { NO_LONGER_DRAFT, sendTimeProblem } from "./refusals";
import { ScheduleNotice } from "./schedule-notice";
import { centreDateTime } from "./schedule-picker";
import { SendDialog } from "./send-dialog";
import { sendProblems } from "./sendable";
import { useLeaveCheck, useMessageSaves, type LeaveCheck } from "./use-message-saves";
import { useRecount } from "./use-recount";
import { useRefreshWhenDue } from "./use-refresh-when-due";
import { useTestMail } from "./use-test-mail";

/** How often a message being delivered is asked for its progress. */
export const PROGRESS_POLL_MS = 1000;

type Pending = "send" | "delete" | null;

/**
 * One message: subject, dates, Send / send me a test / Delete, delivery progress and the body.
 * Subject and body save on their own; Send and the test first flush both and stop when a save
 * fails, so what goes out is what is on screen. Send then refuses a message without a subject
 * of its own or without a body before its confirmation opens; the confirmation sends it now or
 * schedules it. While the message is queued or sending it asks
 * for progress every second, and stops once it is sent or the detail is closed (unmounted).
 */
export function MessageDetail({
  id,
  listed,
  isAdmin,
  userEmail,
  onChange,
  onDeleted,
  registerLeaveCheck,
}: {
  id: number;
  /** The list's copy, shown until the detail has loaded. */
  listed: PanelMessageDto | undefined;
  isAdmin: boolean;
  userEmail: string;
  /** The message changed (saved, queued, progress): the list shows the same. */
  onChange: (message: PanelMessageDto) => void;
  onDeleted: (id: number) => void;
  /** Lets the screen ask before closing this detail: false keeps it open (see use-message-saves). */
  registerLeaveCheck?: (check: LeaveCheck) => () => void;
}) {
  const t = useTranslations("panelMessages.screen");
  const format = useFormatter();
  const headingId = useId();
  const sendAdminOnly = useAdminOnly(isAdmin, t("sendAdminOnly"));
  const query = useApiQuery<PanelMessageDetailDto>(`/api/panel_message/${id}`);
  const sendMutation = useApiMutation({
    texts: {
      [ErrorCode.INVALID_INPUT]: t("sendInvalid"),
      [ErrorCode.CHANGED_ELSEWHERE]: t("sendChangedElsewhere"),
    },
  });
  const saves = useFlushGroup();
  const versioned = useMessageSaves(id, apply, () => query.refresh());
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const [dialogError, setDialogError] = useState<ReactNode>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const { testing, sendTest } = useTestMail(id, userEmail, saves, versioned, setActionError);

  const message: PanelMessageDetailDto | undefined = query.data ?? listed;
  // What is stored, as the latest save answered it: Send checks this right after flushing.
  const latest = useRef(message);
  const { adopt } = versioned;
  useLeaveCheck(registerLeaveCheck, saves.flushAll, versioned.isBlocked);
  useEffect(() => {
    if (!query.data) return;
    latest.current = query.data;
    adopt(query.data.version);
  }, [query.data, adopt]);
  // Edited only once loaded: the list's copy may be older than what is stored.
  const loaded = query.data !== undefined;
  const status = message?.communication_status;
  const draft = status === "not_sent";
  const delivering = status !== undefined && isInFlight(status);

  // Every answer about this message reaches the list too (badge, subject, counts).
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  useEffect(() => {
    if (query.data) onChangeRef.current(query.data);
  }, [query.data]);

  // Progress: one request at a time, the next a second after the last answer; none once the
  // message is sent, and the timer goes with the component when the message is deselected.
  const { loading, refresh } = query;
  useEffect(() => {
    if (!delivering || loading) return;
    const timer = setTimeout(refresh, PROGRESS_POLL_MS);
    return () => clearTimeout(timer);
  }, [delivering, loading, refresh, query.data]);

  // A scheduled message is asked for again once its time has come (it has started by then).
  useRefreshWhenDue(message, refresh, query.error ?? query.data);

  // Sent or scheduled elsewhere, as the dialog's read found: it closes and says so instead.
  // A read that failed leaves the earlier count: not offered either, the dialog says why.
  const { counting, recount } = useRecount(loading, () => {
    if (pending !== "send") return;
    if (query.error) return setDialogError(t("countFailed"));
    if (draft) return;
    setPending(null);
    setActionError(t("sentElsewhere"));
  });

  function apply(update: PanelMessageDto) {
    latest.current = latest.current ? { ...latest.current, ...update } : update;
    query.setData((current) => (current ? { ...current, ...update } : update));
    // Directly as well: a save that answers after the message was deselected still reaches the
    // list, though this detail is gone.
    onChangeRef.current(update);
  }

  /** Focus to the message's heading, once the control that had it is gone. */
  function focusHeading() {
    requestAnimationFrame(() => document.getElementById(headingId)?.focus());
  }

  /** Sent or scheduled elsewhere: the screen shows what is stored instead of a draft. */
  function refreshIfNoLongerDraft(code: number) {
    if (NO_LONGER_DRAFT.has(code)) query.refresh();
  }

  function openDialog(kind: Exclude<Pending, null>) {
    setDialogError(null);
    setActionError(null);
    setPending(kind);
    // The number of members who will receive it, as it is now.
    if (kind === "send") {
      recount();
      query.refresh();
    }
  }

  /** Saves what is on screen, then opens the confirmation only for a message fit to send. */
  async function startSend() {
    setActionError(null);
    setChecking(true);
    const saved = await saves.flushAll();
    setChecking(false);
    if (!saved) return setActionError(t("saveFailedNothingSent"));
    const problems = latest.current ? sendProblems(latest.current) : {};
    if (problems.subject) return setActionError(t("sendNeedsSubject"));
    if (problems.body) return setActionError(t("sendNeedsBody"));
    openDialog("send");
  }

  async function confirmSend(sendAt: number | undefined) {
    setBusy(true);
    setDialogError(null);
    const saved = await saves.flushAll();
    if (!saved) {
      setBusy(false);
      setDialogError(t("saveFailedNothingSent"));
      return;
    }
    const result = await sendMutation.run<PanelMessageDto>({
      path: `/api/panel_message/${id}/send`,
      body: { version: versioned.basedOn(), ...(sendAt === undefined ? {} : { send_at: sendAt }) },
    });
    setBusy(false);
    if (result.ok) {
      apply(result.data);
      setPending(null);
      const when = format.dateTime(new Date((sendAt ?? 0) * 1000), centreDateTime);
      toast.success(sendAt === undefined ? t("sent") : t("scheduledToast", { when }));
    } else {
      if (result.error.code === ErrorCode.CHANGED_ELSEWHERE) versioned.sendRefused();
      refreshIfNoLongerDraft(result.error.code);
      const timeProblem = sendTimeProblem(result.error, sendAt);
      setDialogError(
        <>
          <span className="font-semibold first-letter:uppercase">{t("sendFailed")}</span>
          {": "}
          {timeProblem ? t(timeProblem) : result.message}
        </>,
      );
    }
  }

  if (!message) return <DetailLoading error={query.error} retry={query.refresh} />;

  const estimate = counting || query.error ? undefined : query.data?.recipients_estimate;
  return (
    <section aria-labelledby={headingId} className="space-y-6">
      {/* Above the subject: pressing its buttons closes an open subject field, which must not
          move them from under the pointer. */}
      <MessageConflict saves={versioned} flushAll={saves.flushAll} onResolved={focusHeading} />
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1">
          <MessageSubject
            key={`${message.id}:${versioned.generation}`}
            message={message}
            editable={draft && loaded}
            headingId={headingId}
            registerFlush={saves.register}
            save={versioned.save}
          />
        </div>
        <div className="pt-1.5">
          <MessageStatusBadge status={message.communication_status} />
        </div>
      </div>

      <MessageDates message={message} />

      <MessageActions
        draft={draft}
        canSend={draft && loaded}
        // Nothing went out of a message that found nobody to send to: it can only be deleted.
        deletable={draft || status === "failed"}
        sendAdminOnly={sendAdminOnly}
        checking={checking}
        testing={testing}
        error={actionError}
        onSend={() => void startSend()}
        onTest={() => void sendTest()}
        onDelete={() => openDialog("delete")}
      />

      <ScheduleNotice
        message={message}
        isAdmin={isAdmin}
        onChanged={apply}
        onCancelled={focusHeading}
      />

      <MessageProgress message={message} />

      {loaded ? (
        <MessageBody
          key={`${message.id}:${versioned.generation}`}
          message={message}
          editable={draft}
          registerFlush={saves.register}
          save={versioned.save}
        />
      ) : (
        // Shown from the list's copy until the message itself arrives: if it cannot, say so here.
        <DetailLoading error={query.error} retry={query.refresh} />
      )}

      <SendDialog
        open={pending === "send"}
        onOpenChange={(open) => !open && setPending(null)}
        subject={message.subject}
        estimate={estimate}
        pending={busy}
        error={dialogError}
        onConfirm={(sendAt) => void confirmSend(sendAt)}
        returnFocus={() => document.getElementById(headingId)}
      />
      <DeleteMessageDialog
        id={id}
        subject={message.subject}
        open={pending === "delete"}
        onOpenChange={(open) => !open && setPending(null)}
        onDeleted={() => {
          setPending(null);
          onDeleted(id);
        }}
        onRefused={refreshIfNoLongerDraft}
      />
    </section>
  );
}
