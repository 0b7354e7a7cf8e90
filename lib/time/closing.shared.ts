/**
 * A study's end date (`closes_at`, unix seconds): an open study past it is finished, computed on
 * read, so it closes without anyone acting. Pure, so both the study reads and the survey loader
 * use it (lib/studies/closing.ts stores the status as well).
 */
import { unixSeconds } from "./unix.shared";

type Closable<S extends string> = { status: S; closesAt: number | null };

/** Whether an open study's end date has passed. */
export function isPastClosing<S extends string>(study: Closable<S>, now = new Date()): boolean {
  return study.status === "open" && study.closesAt !== null && study.closesAt <= unixSeconds(now);
}

/** The status as everyone sees it: an open study past its end date is finished. */
export function effectiveStatus<S extends string>(
  study: Closable<S>,
  now = new Date(),
): S | "finished" {
  return isPastClosing(study, now) ? "finished" : study.status;
}
