"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useId, useState, type InputHTMLAttributes, type ReactNode } from "react";
import {
  MAX_SCHEDULE_AHEAD_SECONDS,
  MIN_SCHEDULE_AHEAD_SECONDS,
} from "@/lib/mailings/schemas.shared";
import { CENTRE_TIME_ZONE, resolveWallTime, wallTimeOf } from "@/lib/time/centre-time.shared";

export type ScheduleChoice = {
  mode: "now" | "later";
  /** YYYY-MM-DD and HH:mm on the centre's clocks. */
  date: string;
  time: string;
  /** Which of a time the clocks show twice (the autumn change). */
  overlap: "earlier" | "later";
};

/** A sensible first choice: tomorrow at nine, Amsterdam time. */
export function initialChoice(now = new Date()): ScheduleChoice {
  const tomorrow = wallTimeOf(new Date(now.getTime() + 24 * 3600_000));
  return { mode: "now", date: tomorrow.date, time: "09:00", overlap: "earlier" };
}

export type ResolvedChoice =
  { ok: true; sendAt?: number } | { ok: false; problem: "incomplete" | "tooSoon" | "tooLate" };

/** The moment chosen, as unix seconds for the API (none: now), or what is wrong with it. */
export function resolveChoice(choice: ScheduleChoice, now = new Date()): ResolvedChoice {
  if (choice.mode === "now") return { ok: true };
  const resolved = resolveWallTime(choice.date, choice.time);
  if (!resolved) return { ok: false, problem: "incomplete" };
  const instant =
    resolved.kind === "overlap"
      ? choice.overlap === "earlier"
        ? resolved.earlier
        : resolved.later
      : resolved.instant;
  const ahead = (instant.getTime() - now.getTime()) / 1000;
  if (ahead < MIN_SCHEDULE_AHEAD_SECONDS) return { ok: false, problem: "tooSoon" };
  if (ahead > MAX_SCHEDULE_AHEAD_SECONDS) return { ok: false, problem: "tooLate" };
  return { ok: true, sendAt: Math.floor(instant.getTime() / 1000) };
}

/** A moment as the reader's language writes it, on the centre's clocks. */
export const centreDateTime = {
  dateStyle: "full",
  timeStyle: "short",
  timeZone: CENTRE_TIME_ZONE,
} as const;

/**
 * Now, or a date and time on the centre's clocks (Amsterdam time, said so), with what the
 * daylight-saving changes do to it: a skipped time is named and where it lands shown; a time
 * shown twice asks which one. The moment it will go out is spelled out below.
 */
export function SchedulePicker({
  value,
  onChange,
}: {
  value: ScheduleChoice;
  onChange: (next: ScheduleChoice) => void;
}) {
  const t = useTranslations("panelMessages.screen.schedule");
  const format = useFormatter();
  const id = useId();
  const set = (fields: Partial<ScheduleChoice>) => onChange({ ...value, ...fields });
  const resolved = value.mode === "later" ? resolveWallTime(value.date, value.time) : null;
  const outcome = resolveChoice(value);
  // The date field's bounds, from when the picker opened (the time itself is checked as chosen).
  const [openedAt] = useState(() => Date.now());
  const today = wallTimeOf(new Date(openedAt)).date;
  const last = wallTimeOf(new Date(openedAt + MAX_SCHEDULE_AHEAD_SECONDS * 1000)).date;

  return (
    <fieldset className="space-y-3">
      <legend className="font-semibold">{t("legend")}</legend>
      <RadioChoices
        name={`${id}-mode`}
        choices={["now", "later"] as const}
        value={value.mode}
        onChange={(mode) => set({ mode })}
        label={(mode) => t(mode)}
      />
      {value.mode === "later" ? (
        <div className="space-y-3 border-l-2 border-gray-200 pl-4">
          <p id={`${id}-zone`} className="text-sm text-muted">
            {t("zoneNote")}
          </p>
          <div className="flex flex-wrap gap-4">
            <ClockField
              type="date"
              label={t("date")}
              value={value.date}
              min={today}
              max={last}
              aria-describedby={`${id}-zone`}
              onChange={(date) => set({ date })}
            />
            <ClockField
              type="time"
              label={t("time")}
              value={value.time}
              aria-describedby={`${id}-zone`}
              onChange={(time) => set({ time })}
            />
          </div>
          {resolved?.kind === "gap" ? (
            <p className="text-sm">{t("gap", { time: value.time })}</p>
          ) : null}
          {resolved?.kind === "overlap" ? (
            <fieldset className="space-y-1 text-sm">
              <legend>{t("overlap", { time: value.time })}</legend>
              <RadioChoices
                name={`${id}-overlap`}
                choices={["earlier", "later"] as const}
                value={value.overlap}
                onChange={(overlap) => set({ overlap })}
                label={(which) =>
                  t(which === "earlier" ? "overlapEarlier" : "overlapLater", { time: value.time })
                }
              />
            </fieldset>
          ) : null}
          <p aria-live="polite" className="text-sm font-medium">
            {outcome.ok
              ? outcome.sendAt !== undefined
                ? t("willSend", {
                    when: format.dateTime(new Date(outcome.sendAt * 1000), centreDateTime),
                  })
                : null
              : t(outcome.problem)}
          </p>
        </div>
      ) : null}
    </fieldset>
  );
}

/** One radio button a choice, each in its label; the picker's two questions use it. */
function RadioChoices<T extends string>({
  name,
  choices,
  value,
  onChange,
  label,
}: {
  name: string;
  choices: readonly T[];
  value: T;
  onChange: (choice: T) => void;
  label: (choice: T) => ReactNode;
}) {
  return choices.map((choice) => (
    <label key={choice} className="flex items-center gap-2">
      <input
        type="radio"
        name={name}
        checked={value === choice}
        onChange={() => onChange(choice)}
      />
      {label(choice)}
    </label>
  ));
}

/** The date or the time field, its label above it. */
function ClockField({
  label,
  onChange,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, "onChange" | "className"> & {
  type: "date" | "time";
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium">
      {label}
      <input {...input} className="input" onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}
