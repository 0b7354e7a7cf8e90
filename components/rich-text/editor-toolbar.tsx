"use client";

import type { LucideIcon } from "lucide-react";
import { useRef, useState, type KeyboardEvent } from "react";

export type ToolbarItem = {
  key: string;
  label: string;
  Icon: LucideIcon;
  run: () => void;
  /** Whether the format is on at the cursor; undefined for plain actions. */
  pressed?: boolean;
  disabled?: boolean;
  /** Starts a new group in the toolbar. */
  group?: boolean;
};

/**
 * The editor's toolbar: one tab stop; arrow keys, Home and End move between the buttons that
 * can be used now (the WAI-ARIA toolbar pattern).
 */
export function Toolbar({
  items,
  label,
  controls,
}: {
  items: ToolbarItem[];
  label: string;
  controls: string;
}) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const [current, setCurrent] = useState(0);
  const enabled = items.map((item, i) => (item.disabled ? -1 : i)).filter((i) => i >= 0);
  // The one tab stop: the last button used, or the first that can be used now.
  const tabStop = enabled.includes(current) ? current : (enabled[0] ?? -1);

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    if (enabled.length === 0) return;
    const at = Math.max(0, enabled.indexOf(tabStop));
    const target = {
      ArrowRight: enabled[(at + 1) % enabled.length],
      ArrowLeft: enabled[(at - 1 + enabled.length) % enabled.length],
      Home: enabled[0],
      End: enabled[enabled.length - 1],
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    setCurrent(target);
    buttons.current[target]?.focus();
  };

  return (
    <div
      role="toolbar"
      aria-label={label}
      aria-controls={controls}
      className="flex flex-wrap items-center gap-0.5 border-b border-gray-300 bg-gray-50 p-1"
      onKeyDown={move}
    >
      {items.map((item, i) => (
        <span key={item.key} className="contents">
          {item.group ? <span aria-hidden className="mx-1 h-5 w-px bg-gray-300" /> : null}
          <button
            ref={(element) => {
              buttons.current[i] = element;
            }}
            type="button"
            tabIndex={i === tabStop ? 0 : -1}
            aria-label={item.label}
            title={item.label}
            aria-pressed={item.pressed === undefined ? undefined : item.pressed}
            disabled={item.disabled}
            // Keep the editor's selection: a mouse press on a button must not take focus away.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              setCurrent(i);
              item.run();
            }}
            className={`rounded p-1.5 text-ink hover:bg-gray-200 disabled:cursor-not-allowed disabled:opacity-40 ${item.pressed ? "bg-primary-100 text-primary-800" : ""}`}
          >
            <item.Icon aria-hidden className="size-4" />
          </button>
        </span>
      ))}
    </div>
  );
}
