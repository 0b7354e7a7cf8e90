"use client";

import { useCallback, useRef, type ReactNode, type RefObject } from "react";

/**
 * A portal screen's frame: one `section` named by its `h1`, the heading focusable from script
 * (`tabIndex={-1}`, no focus ring: it is a landing place, not a control) so a screen can move
 * focus there when the control that had it disappears (a deleted row, a closed detail).
 * `top` comes before the heading (a back link, a save status), `actions` beside it, `intro`
 * under it, the screen's body after it; every part is spaced the same way on every screen.
 */
export function ScreenFrame({
  titleId,
  title,
  headingRef,
  top,
  actions,
  intro,
  className = "",
  children,
}: {
  titleId: string;
  title: ReactNode;
  headingRef?: RefObject<HTMLHeadingElement | null>;
  top?: ReactNode;
  actions?: ReactNode;
  intro?: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  const heading = (
    <h1
      id={titleId}
      ref={headingRef}
      tabIndex={-1}
      className="text-2xl font-bold text-primary-800 focus:outline-none"
    >
      {title}
    </h1>
  );
  return (
    <section aria-labelledby={titleId} className={`space-y-6 ${className}`}>
      {top}
      {actions || intro ? (
        <div className={actions ? "flex flex-wrap items-center justify-between gap-4" : undefined}>
          {intro ? (
            <div>
              {heading}
              {intro}
            </div>
          ) : (
            heading
          )}
          {actions}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}

/**
 * The heading of a screen as a place for focus: `ref` goes to `ScreenFrame`; `focus()` moves
 * focus there; `focusOr(element)` prefers `element` while it is still on the page (the button
 * that opened a dialog), else the heading (the button went with the row it belonged to).
 */
export function useScreenHeading() {
  const ref = useRef<HTMLHeadingElement>(null);
  const focus = useCallback(() => ref.current?.focus(), []);
  const focusTarget = useCallback(
    (element: HTMLElement | null | undefined): HTMLElement | null =>
      element?.isConnected ? element : ref.current,
    [],
  );
  return { ref, focus, focusTarget };
}
