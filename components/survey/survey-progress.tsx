"use client";

import { useTranslations } from "next-intl";

/**
 * Shown only for surveys of more than one step. The bar's width is the current step's index
 * over the number of steps (spec §4), so it starts empty and fills completely on submission.
 */
export function SurveyProgress({
  index,
  total,
  done,
}: {
  index: number;
  total: number;
  done: boolean;
}) {
  const t = useTranslations("survey");
  const percent = done ? 100 : Math.round((index / total) * 100);
  const label = t("stepOf", { current: Math.min(index + 1, total), total });
  return (
    <div className="mb-6">
      {done ? null : <p className="mb-2 text-sm font-medium text-muted">{label}</p>}
      <div
        role="progressbar"
        aria-label={t("progress")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={done ? `${percent}%` : label}
        className="h-2 w-full overflow-hidden rounded-full bg-gray-200"
      >
        <div
          className="h-full rounded-full bg-primary-700 transition-[width]"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
