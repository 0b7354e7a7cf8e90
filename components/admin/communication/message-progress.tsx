"use client";

import { useTranslations } from "next-intl";
import { Alert } from "@/components/ui/alert";
import { TitledSection } from "@/components/ui/titled-section";
import type { PanelMessageDetailDto } from "@/lib/mailings/schemas.shared";

/**
 * How far delivery is (beyond the spec): while queued or sending, accepted / failed / bounced /
 * total and a bar; once sent, the outcome and why mails failed. "Accepted" is what the API calls
 * `delivered_count`: the mail service took the mail on; bounces it reports later are counted
 * apart. The numbers change every few seconds, so
 * they are not a live region; only the state lines (scheduled, being sent, sent) are announced.
 */
export function MessageProgress({
  message,
}: {
  message: Pick<
    PanelMessageDetailDto,
    | "communication_status"
    | "recipients_total"
    | "delivered_count"
    | "failed_count"
    | "bounced_count"
    | "failure_reasons"
  >;
}) {
  const t = useTranslations("panelMessages.screen");
  const status = message.communication_status;
  if (status === "not_sent" || status === "scheduled" || status === "failed") return null;
  const total = message.recipients_total;
  const delivered = message.delivered_count;
  const failed = message.failed_count;
  const bounced = message.bounced_count;
  const reasons = message.failure_reasons ?? [];
  return (
    <TitledSection
      level={3}
      titleId="message-progress-title"
      title={t("progressTitle")}
      titleClassName="font-semibold"
      className="space-y-3"
    >
      {status === "queued" ? <Alert tone="info">{t("sendScheduled")}</Alert> : null}
      {status === "sending" ? <Alert tone="info">{t("sendingNow")}</Alert> : null}
      {status === "sent" ? (
        <Alert tone="success">{t("sentSummary", { delivered, total })}</Alert>
      ) : null}
      <div>
        <progress
          className="h-2 w-full accent-primary-700"
          aria-label={t("progressLabel")}
          max={Math.max(total, 1)}
          value={Math.min(delivered + failed, Math.max(total, 1))}
        />
        <p className="mt-1 text-sm tabular-nums">
          {t("progressCounts", { delivered, failed, bounced, total })}
        </p>
        <p className="mt-1 text-sm text-muted">{t("acceptedNote")}</p>
      </div>
      {failed > 0 ? (
        <div>
          <p className="font-semibold text-accent-700">{t("failedTitle", { count: failed })}</p>
          {reasons.length > 0 ? (
            <>
              <p className="mt-1 text-sm text-muted">{t("reasonsLabel")}</p>
              <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
                {reasons.map((r, i) => (
                  <li key={`${r.reason ?? ""}-${i}`}>
                    <span className="break-words">{r.reason ?? t("reasonLeft")}</span>{" "}
                    <span className="text-muted">({t("reasonCount", { count: r.count })})</span>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : null}
    </TitledSection>
  );
}
