"use client";

import { ChevronLeft, ChevronRight } from "lucide-react";

/**
 * Previous and next buttons around "page X of Y" for a list shown a page at a time; the status
 * is announced when it changes. Nothing when there is only one page. The buttons wait while a
 * page is loading, so a double click never skips one. A button that cannot be used is
 * `aria-disabled` and ignores presses rather than `disabled`: the browser would move focus off a
 * disabled button, and a keyboard user paging through would be sent back to the top.
 */
export function Pager({
  page,
  pages,
  busy,
  onPage,
  texts,
}: {
  page: number;
  pages: number;
  busy?: boolean;
  onPage: (page: number) => void;
  texts: { label: string; previous: string; next: string; status: string };
}) {
  if (pages <= 1) return null;
  const canGoBack = page > 1 && !busy;
  const canGoOn = page < pages && !busy;
  return (
    <nav aria-label={texts.label} className="flex items-center justify-between gap-4">
      <button
        type="button"
        className="btn-secondary"
        aria-disabled={!canGoBack}
        onClick={() => canGoBack && onPage(page - 1)}
      >
        <ChevronLeft aria-hidden className="size-4" />
        {texts.previous}
      </button>
      <p aria-live="polite" className="text-sm text-muted">
        {texts.status}
      </p>
      <button
        type="button"
        className="btn-secondary"
        aria-disabled={!canGoOn}
        onClick={() => canGoOn && onPage(page + 1)}
      >
        {texts.next}
        <ChevronRight aria-hidden className="size-4" />
      </button>
    </nav>
  );
}
