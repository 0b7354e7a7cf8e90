import type { ReactNode } from "react";

export type DataTableColumn = {
  label: ReactNode;
  /** The actions column sits at the row's end, its header aligned with the buttons. */
  align?: "end";
};

/** The padding of every header and body cell, so the columns line up. */
export const dataCell = "px-4 py-3";

/**
 * The staff screens' list tables: a bordered, horizontally scrolling frame, a caption for
 * screen readers, one header row of column labels, and the rows the screen passes in. Each
 * body cell uses `dataCell` (plus its own classes) so it lines up with its header.
 */
export function DataTable({
  caption,
  columns,
  busy,
  children,
}: {
  caption: string;
  columns: DataTableColumn[];
  /** A newer page is loading while these rows still show. */
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className="overflow-x-auto rounded-lg border border-gray-200 bg-white"
      aria-busy={busy || undefined}
    >
      <table className="w-full min-w-[28rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-gray-50 text-xs text-muted uppercase">
          <tr>
            {columns.map((column, index) => (
              <th
                key={index}
                scope="col"
                className={column.align === "end" ? `${dataCell} text-right` : dataCell}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200">{children}</tbody>
      </table>
    </div>
  );
}
