import type { ReactNode } from "react";

/**
 * The list of a list-and-detail screen, to pick one item from: every item is a toggle button,
 * `aria-pressed` while it is the selected one; a click selects it and a second click deselects
 * it (`onSelect(null)`). The look is the caller's: `className` for the list, `buttonClassName`
 * for an item, selected or not; `children` renders an item's content.
 */
export function SelectList<T extends { id: number }>({
  items,
  selectedId,
  onSelect,
  "aria-label": label,
  className,
  buttonClassName,
  itemData,
  children,
}: {
  items: readonly T[];
  selectedId: number | null;
  onSelect: (id: number | null) => void;
  "aria-label"?: string;
  className: string;
  buttonClassName: (selected: boolean) => string;
  /** `data-` attributes for an item's button, e.g. its id for the end-to-end tests. */
  itemData?: (item: T) => Record<`data-${string}`, string | number>;
  children: (item: T) => ReactNode;
}) {
  return (
    <ul aria-label={label} className={className}>
      {items.map((item) => {
        const selected = item.id === selectedId;
        return (
          <li key={item.id}>
            <button
              type="button"
              aria-pressed={selected}
              {...itemData?.(item)}
              onClick={() => onSelect(selected ? null : item.id)}
              className={buttonClassName(selected)}
            >
              {children(item)}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
