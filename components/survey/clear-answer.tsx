"use client";

import { Eraser } from "lucide-react";
import { useTranslations } from "next-intl";

/**
 * Takes back the answer to an optional question of radio buttons (one option, or a scale), which
 * cannot be unticked: a click made by mistake on a question someone would rather pass over must
 * not have to stay. Focus then goes to the group's first choice, where the reader was.
 */
export function ClearAnswer({
  groupId,
  question,
  onClear,
}: {
  groupId: string;
  question: string;
  onClear: () => void;
}) {
  const t = useTranslations("survey");
  return (
    <button
      type="button"
      className="btn-ghost mt-2 px-2 py-1 text-primary-700 underline underline-offset-4"
      aria-label={t("clearAnswerOf", { question })}
      onClick={() => {
        onClear();
        requestAnimationFrame(() =>
          document.getElementById(groupId)?.querySelector<HTMLInputElement>("input")?.focus(),
        );
      }}
    >
      <Eraser aria-hidden className="size-4" />
      {t("clearAnswer")}
    </button>
  );
}
