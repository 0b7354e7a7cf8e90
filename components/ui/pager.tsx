"use client";

import { ChevronLeft, ChevronRight } from "lucide-react";

/**
 * Previous and next buttons around "page X of Y" for a list shown a page at a time; the status
 * is announced when it changes. Nothing when there is only one page. The buttons wait while a
 * page is loading, so a double click never skips one.
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
  return (
    <nav aria-label={texts.label} className="flex items-center justify-between gap-4">
      <button
        type="button"
        className="btn-secondary"
        disabled={page <= 1 || busy}
        onClick={() => onPage(page - 1)}
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
        disabled={page >= pages || busy}
        onClick={() => onPage(page + 1)}
      >
        {texts.next}
        <ChevronRight aria-hidden className="size-4" />
      </button>
    </nav>
  );
}
