"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { SubmitButton } from "@/components/ui/submit-button";
import type { Block } from "@/lib/surveys/schema.shared";
import type { MergeConflict, Side } from "./merge";

/**
 * Someone else saved the survey after this editor loaded it, and both changed the same block
 * (or step). Everything else was merged already; here the reader chooses, per block, which
 * version to keep, named in plain words: the step and the question. "Load the newer survey"
 * drops all of the reader's edits instead; "later" (or Escape) closes the dialog, and the page
 * keeps a notice with a button to come back here.
 */
export function ConflictDialog({
  open,
  conflicts,
  onOpenChange,
  onResolve,
  onLoadNewer,
}: {
  open: boolean;
  conflicts: MergeConflict[];
  onOpenChange: (open: boolean) => void;
  /** Each resolves to an error text to show in the dialog, or null when done. */
  onResolve: (choices: Record<string, Side>) => Promise<string | null>;
  onLoadNewer: () => Promise<string | null>;
}) {
  const t = useTranslations("surveyEditor");
  const [busy, setBusy] = useState<"resolve" | "load" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [choices, setChoices] = useState<Record<string, Side>>({});

  async function run(which: "resolve" | "load") {
    if (which === "resolve" && conflicts.some((c) => !choices[c.id])) {
      setError(t("conflictChooseEach"));
      return;
    }
    setBusy(which);
    setError(null);
    const problem = await (which === "load" ? onLoadNewer() : onResolve(choices));
    setBusy(null);
    setError(problem);
    if (!problem) setChoices({});
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setError(null);
        onOpenChange(next);
      }}
      title={t("conflictTitle")}
      description={t("conflictText", { count: conflicts.length })}
      pending={busy !== null}
      error={error}
      closeLabel={false}
    >
      <form
        method="post"
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void run("resolve");
        }}
      >
        <ul className="flex flex-col gap-4">
          {conflicts.map((conflict) => (
            <li key={conflict.id}>
              <ConflictChoice
                conflict={conflict}
                value={choices[conflict.id]}
                onChange={(side) => setChoices((c) => ({ ...c, [conflict.id]: side }))}
              />
            </li>
          ))}
        </ul>
        <SubmitButton variant="primary" pending={busy === "resolve"} disabled={busy !== null}>
          {t("conflictSave")}
        </SubmitButton>
        <SubmitButton
          type="button"
          variant="danger"
          pending={busy === "load"}
          disabled={busy !== null}
          onClick={() => void run("load")}
        >
          {t("conflictLoad")}
        </SubmitButton>
        <button
          type="button"
          className="btn-ghost"
          disabled={busy !== null}
          onClick={() => onOpenChange(false)}
        >
          {t("conflictLater")}
        </button>
      </form>
    </Dialog>
  );
}

/** A few words for a block: its question, else its data name, else the start of its text. */
function blockWords(block: Block): string {
  const text =
    block.type === "text"
      ? block.content.replace(/<[^>]*>/g, " ")
      : block.question_text || block.data_name;
  const words = text.replace(/\s+/g, " ").trim();
  return words.length > 60 ? `${words.slice(0, 57)}…` : words;
}

function ConflictChoice({
  conflict,
  value,
  onChange,
}: {
  conflict: MergeConflict;
  value: Side | undefined;
  onChange: (side: Side) => void;
}) {
  const t = useTranslations("surveyEditor");
  const name = `conflict-${conflict.id}`;
  let legend: string;
  let what: string;
  if (conflict.kind === "block") {
    const block = (conflict.mine ?? conflict.theirs)!;
    const words = blockWords(block);
    legend =
      block.type === "text"
        ? t("conflictTextBlock", { step: conflict.step, words })
        : t("conflictQuestion", { step: conflict.step, words });
    what = !conflict.mine
      ? t("conflictYouDeleted")
      : !conflict.theirs
        ? t("conflictTheyDeleted")
        : t("conflictBothChanged");
  } else {
    legend = t("conflictStep", { step: conflict.step });
    what = !conflict.mine
      ? t("conflictYouDeletedStep")
      : !conflict.theirs
        ? t("conflictTheyDeletedStep")
        : t("conflictBothChangedStep");
  }
  const option = (side: Side) => {
    const gone = (side === "mine" ? conflict.mine : conflict.theirs) === null;
    const label =
      side === "mine"
        ? gone
          ? t("conflictMineDeleted")
          : t("conflictMine")
        : gone
          ? t("conflictTheirsDeleted")
          : t("conflictTheirs");
    return (
      <label className="flex items-center gap-2">
        <input
          type="radio"
          name={name}
          value={side}
          checked={value === side}
          onChange={() => onChange(side)}
        />
        {label}
      </label>
    );
  };
  return (
    <fieldset className="rounded border border-gray-300 p-3">
      <legend className="px-1 font-semibold">{legend}</legend>
      <p className="mb-2 text-sm">{what}</p>
      <div className="flex flex-col gap-1">
        {option("mine")}
        {option("theirs")}
      </div>
    </fieldset>
  );
}
