import type { BadgeTone } from "@/components/ui/status-badge";
import type { StudyStatus } from "@/lib/studies/schemas.shared";

const UNITS = ["Bytes", "KB", "MB", "GB"] as const;

/** A file size in Bytes, KB, MB or GB (base 1024), at most two decimals, in the reader's locale. */
export function formatFileSize(bytes: number, locale: string): string {
  const size = Math.max(0, bytes);
  const unit = size === 0 ? 0 : Math.min(Math.floor(Math.log(size) / Math.log(1024)), 3);
  const value = size / 1024 ** unit;
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(
    Math.round(value * 100) / 100,
  );
  return `${number} ${UNITS[unit]}`;
}

/** A study status's badge colour (spec §4): neutral, red, primary, light. */
export const STATUS_TONES: Record<StudyStatus, BadgeTone> = {
  not_started: "neutral",
  open: "danger",
  finished: "primary",
  invisible: "light",
};
