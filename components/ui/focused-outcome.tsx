"use client";

import { useEffect, useRef, type ReactNode } from "react";

/**
 * The outcome of what the reader just did, shown where it replaces or follows the control they
 * used: it takes focus when it appears, so a screen reader reads it at once (a status region that
 * arrives already filled is not reliably read out) and the keyboard goes on from there instead of
 * from the top of the page, where focus would fall when that control is gone or disabled.
 */
export function FocusedOutcome({
  id,
  className = "",
  children,
}: {
  id?: string;
  className?: string;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <div ref={box} id={id} tabIndex={-1} className={`outline-none ${className}`}>
      {children}
    </div>
  );
}
