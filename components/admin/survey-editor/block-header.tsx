"use client";

import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { blockHeadingId, moveButtonId } from "./element-ids";
import type { EditorBlock } from "./model";

/** A block's heading (its number, and its type for screen readers) and its move and delete buttons. */
export function BlockHeader({
  block,
  index,
  count,
  onMove,
  onDelete,
}: {
  block: EditorBlock;
  /** Position in the step (from 0) and how many blocks the step has. */
  index: number;
  count: number;
  onMove: (by: -1 | 1) => void;
  onDelete: (opener: HTMLElement) => void;
}) {
  const t = useTranslations("surveyEditor");
  const number = index + 1;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <h3
        id={blockHeadingId(block.key)}
        tabIndex={-1}
        className="text-lg font-semibold text-primary-800 focus:outline-none"
      >
        {t("blockLabel", { number })}
        <span className="sr-only">: {t(`types.${block.type}`)}</span>
      </h3>
      <div className="flex flex-wrap gap-1">
        <button
          id={moveButtonId(block.key, -1)}
          type="button"
          className="btn-ghost p-2"
          aria-label={t("moveUp", { number })}
          title={t("moveUp", { number })}
          disabled={index === 0}
          onClick={() => onMove(-1)}
        >
          <ArrowUp aria-hidden className="size-4" />
        </button>
        <button
          id={moveButtonId(block.key, 1)}
          type="button"
          className="btn-ghost p-2"
          aria-label={t("moveDown", { number })}
          title={t("moveDown", { number })}
          disabled={index === count - 1}
          onClick={() => onMove(1)}
        >
          <ArrowDown aria-hidden className="size-4" />
        </button>
        <button
          type="button"
          className="btn-ghost p-2 text-accent-700"
          aria-label={t("deleteBlock", { number })}
          title={t("deleteBlock", { number })}
          onClick={(e) => onDelete(e.currentTarget)}
        >
          <Trash2 aria-hidden className="size-4" />
        </button>
      </div>
    </div>
  );
}
