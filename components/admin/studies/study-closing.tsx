"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useId, useRef } from "react";
import { toast } from "sonner";
import { useApiForm } from "@/components/data/use-api-form";
import { useAskBeforeUnload } from "@/components/data/use-ask-before-unload";
import { useFlushMember, type FlushGroup } from "@/components/data/use-flush-group";
import type { ApiError, ApiRequest } from "@/lib/api-client.shared";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import {
  RESPONSE_LIMIT_MAX,
  studyClosingFormSchema,
  type StudyClosingFormValues,
} from "@/lib/studies/admin-schemas.shared";
import type { StudyDto } from "@/lib/studies/schemas.shared";
import { CENTRE_TIME_ZONE, wallTimeOf } from "@/lib/time/centre-time.shared";

/** A stored end date as a `datetime-local` value on the centre's clocks; "" for none. */
export function closesAtInputValue(closesAt: number | null): string {
  if (closesAt === null) return "";
  const { date, time } = wallTimeOf(new Date(closesAt * 1000));
  return `${date}T${time}`;
}

function valuesOf(study: StudyDto): StudyClosingFormValues {
  return {
    response_limit: study.response_limit === null ? "" : String(study.response_limit),
    closes_at: closesAtInputValue(study.closes_at),
  };
}

/** The parsed fields whose typed value differs from what the form started from. */
function changedOnly<T extends Record<keyof StudyClosingFormValues, unknown>>(
  parsed: T,
  typed: StudyClosingFormValues,
  initial: Partial<StudyClosingFormValues> | undefined,
): Partial<T> {
  const keys = Object.keys(typed) as (keyof StudyClosingFormValues)[];
  return Object.fromEntries(
    keys.filter((key) => typed[key] !== initial?.[key]).map((key) => [key, parsed[key]]),
  ) as Partial<T>;
}

/**
 * A study's sample size (`response_limit`) and end date (`closes_at`), saved together through
 * the study's PUT with the shared schema. The end date is typed on the centre's clocks
 * (Europe/Amsterdam, said so) whatever the computer is set to; an empty field clears either,
 * while one the browser could not read (a half-typed date) is refused, not taken as empty.
 * The server's refusals are put on their fields. Values typed and not saved are part of the
 * pane's flush (`registerFlush`: choosing another study, duplicating, a link away save them, and
 * `onRefused` hears why that failed) and of the browser's question before unload.
 */
export function StudyClosing({
  study,
  onSaved,
  registerFlush,
  onRefused,
}: {
  study: StudyDto;
  onSaved: (study: StudyDto) => void;
  registerFlush?: FlushGroup["register"];
  onRefused?: (error: ApiError) => void;
}) {
  const t = useTranslations("admin.studies.closing");
  const format = useFormatter();
  const headingId = useId();
  const schema = studyClosingFormSchema({
    limit: t("limitInvalid"),
    limitMax: t("limitMax", { max: RESPONSE_LIMIT_MAX }),
    closesAt: t("closesAtInvalid"),
    dateTime: t("dateTimeInvalid"),
  });
  // Whether the last submission was stored: a flush reports it.
  const stored = useRef(false);
  const formElement = useRef<HTMLFormElement>(null);
  const { form, onSubmit, field, pending, formError, reset } = useApiForm<
    StudyClosingFormValues,
    { response_limit: number | null; closes_at: number | null },
    StudyDto
  >({
    schema,
    defaultValues: valuesOf(study),
    // Only the fields changed here go: a field left as it was must not put back the value this
    // pane loaded over one a colleague saved since (an end date set elsewhere, say).
    submit: (body): ApiRequest => ({
      path: `/api/study/${study.id}`,
      method: "PUT",
      body: changedOnly(body, form.getValues(), form.formState.defaultValues),
    }),
    // What the browser cannot read it reports as empty, which would clear the field's value.
    unreadableTexts: { response_limit: t("limitInvalid"), closes_at: t("dateTimeInvalid") },
    onError: (error) => onRefused?.(error),
    onSuccess: (saved) => {
      stored.current = true;
      onSaved(saved);
      reset(valuesOf(saved));
      toast.success(t("saved"));
    },
  });
  const count = study.response_count ?? 0;
  const dirty = form.formState.isDirty;
  useAskBeforeUnload(dirty);
  useFlushMember(registerFlush, async () => {
    if (!dirty) return true;
    stored.current = false;
    // Refused here unless the server answers otherwise (`onError` then says why).
    onRefused?.({ code: ErrorCode.INVALID_INPUT, message: "" });
    // As a press of Save: the browser's unreadable input and the schema are checked first.
    await onSubmit({ currentTarget: formElement.current, preventDefault: () => {} } as never);
    return stored.current;
  });

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="text-lg font-semibold text-primary-800">
        {t("title")}
      </h3>
      <p className="text-sm text-muted">
        {study.response_limit === null
          ? t("responses", { count })
          : t("responsesOfLimit", { count, limit: study.response_limit })}
        {study.closes_at === null
          ? null
          : ` · ${t("closesOn", {
              date: format.dateTime(new Date(study.closes_at * 1000), {
                dateStyle: "full",
                timeStyle: "short",
                timeZone: CENTRE_TIME_ZONE,
              }),
            })}`}
      </p>
      <form
        ref={formElement}
        method="post"
        noValidate
        onSubmit={onSubmit}
        className="flex flex-wrap items-start gap-4"
      >
        <div className="w-48">
          <TextField
            label={t("limit")}
            description={t("limitHint")}
            type="number"
            inputMode="numeric"
            min={1}
            max={RESPONSE_LIMIT_MAX}
            step={1}
            {...field("response_limit")}
          />
        </div>
        <div className="w-64">
          <TextField
            label={t("closesAt")}
            description={t("closesAtHint", { zone: CENTRE_TIME_ZONE })}
            type="datetime-local"
            {...field("closes_at")}
          />
        </div>
        <SubmitButton pending={pending} pendingLabel={t("saving")} className="mt-6">
          <span className="first-letter:uppercase">{t("save")}</span>
        </SubmitButton>
      </form>
      {formError ? <Alert tone="error" title={formError} /> : null}
    </section>
  );
}
