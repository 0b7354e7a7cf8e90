"use client";

import { useTranslations } from "next-intl";
import { Alert } from "@/components/ui/alert";
import type { AffectedCondition } from "@/lib/surveys/condition-impact.shared";
import { ComparisonWords } from "./condition-sentence";
import { STEP_TITLE_ID } from "./element-ids";
import type { SurveyDraft } from "./use-survey-draft";
import type { SurveySave } from "./use-survey-save";

/** Where a condition sits, as array positions (`block` absent for a step's own condition). */
export type ConditionSpot = { step: number; block?: number };

/** `steps.2.visible_if` → step 2; `steps.2.blocks.0.visible_if` → its block 0; else null. */
export function conditionSpot(path: string): ConditionSpot | null {
  const match = /^steps\.(\d+)(?:\.blocks\.(\d+))?\.visible_if$/.exec(path);
  if (!match) return null;
  return { step: Number(match[1]), block: match[2] === undefined ? undefined : Number(match[2]) };
}

function useWhere() {
  const t = useTranslations("surveyEditor.conditions");
  return ({ step, block }: ConditionSpot) =>
    block === undefined
      ? t("whereStep", { step: step + 1 })
      : t("whereBlock", { step: step + 1, block: block + 1 });
}

/**
 * The conditions an edit broke, each named by where it sits, what it says and why it no longer
 * fits, with "follow the change" where the fix is unambiguous and "remove condition". How many
 * there are is also said in a status region that is always on the page, so a screen-reader
 * user who renamed something hears that a condition broke without looking for the notice.
 */
export function AffectedNotice({ draft }: { draft: SurveyDraft }) {
  const t = useTranslations("surveyEditor.conditions");
  const count = draft.affected.length;
  return (
    <>
      <p role="status" className="sr-only">
        {count > 0 ? t("affectedTitle", { count }) : ""}
      </p>
      {count > 0 ? <AffectedList draft={draft} /> : null}
    </>
  );
}

function AffectedList({ draft }: { draft: SurveyDraft }) {
  const t = useTranslations("surveyEditor.conditions");
  const where = useWhere();
  const items = draft.affected;

  /**
   * The pressed button goes with its item: focus moves to the notice's heading while items are
   * left, else to the step's, so it does not fall to the page.
   */
  function resolve(apply: () => void) {
    apply();
    requestAnimationFrame(() =>
      (
        document.getElementById("affected-conditions-title") ??
        document.getElementById(STEP_TITLE_ID)
      )?.focus(),
    );
  }
  return (
    <section
      aria-labelledby="affected-conditions-title"
      className="rounded-md border border-accent-700 bg-red-50 p-4"
    >
      <h2
        id="affected-conditions-title"
        tabIndex={-1}
        className="font-semibold text-accent-700 focus:outline-none"
      >
        {t("affectedTitle", { count: items.length })}
      </h2>
      <p className="mt-1">{t("affectedText")}</p>
      <ul className="mt-3 space-y-3">
        {items.map((item) => (
          <li key={`${item.stepKey}-${item.blockKey ?? ""}-${item.index}`}>
            <p>
              <span className="font-semibold first-letter:uppercase">{where(item)}</span>:{" "}
              <ComparisonWords
                condition={item.comparison}
                question={item.question}
                removedText={item.questionText}
              />{" "}
              ({reasonText(t, item)})
            </p>
            <div className="mt-1 flex flex-wrap gap-2">
              {item.fix ? (
                <button
                  type="button"
                  className="btn-secondary"
                  onClick={() => resolve(() => draft.resolve(item, true))}
                >
                  {t("followRename")}
                  <span className="sr-only"> ({where(item)})</span>
                </button>
              ) : null}
              <button
                type="button"
                className="btn-ghost"
                onClick={() => resolve(() => draft.resolve(item, false))}
              >
                {t("remove")}
                <span className="sr-only"> ({where(item)})</span>
              </button>
            </div>
          </li>
        ))}
      </ul>
      {items.length > 1 ? (
        <button
          type="button"
          className="btn-secondary mt-3"
          onClick={() => resolve(() => draft.resolveAll(items))}
        >
          {t("fixAll")}
        </button>
      ) : null}
    </section>
  );
}

function reasonText(
  t: ReturnType<typeof useTranslations<"surveyEditor.conditions">>,
  item: AffectedCondition,
): string {
  const name = item.question?.data_name.trim() || item.comparison.data_name;
  const value = String(item.comparison.value ?? "");
  const next = item.fix?.value === undefined ? "" : String(item.fix.value);
  return t(`reasons.${item.reason}`, { name, value, next });
}

/**
 * The server refused the survey because of conditions (400 code 22 at `…visible_if` paths):
 * "Not saved: fix the conditions shown", each one named with a button that shows it. The edits
 * stay (also over a reload) and are sent again with the next edit.
 */
export function RefusedConditionsNotice({
  save,
  onShow,
}: {
  save: SurveySave;
  onShow: (spot: ConditionSpot) => void;
}) {
  const t = useTranslations("surveyEditor");
  const where = useWhere();
  if (save.pending || save.autosave.state !== "error") return null;
  const spots = Object.keys(save.serverFields)
    .map(conditionSpot)
    .filter((spot): spot is ConditionSpot => spot !== null);
  if (spots.length === 0) return null;
  return (
    <Alert tone="error" title={t("fixConditions")}>
      <p>{t("conditions.refusedText")}</p>
      <ul className="mt-2 flex flex-wrap gap-2">
        {spots.map((spot) => (
          <li key={`${spot.step}-${spot.block ?? ""}`}>
            <button type="button" className="btn-secondary" onClick={() => onShow(spot)}>
              {t("conditions.goTo", { where: where(spot) })}
            </button>
          </li>
        ))}
      </ul>
    </Alert>
  );
}
