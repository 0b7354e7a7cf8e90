import type { ReactNode } from "react";

/**
 * The colours a status can have. Studies use neutral (not started), danger (open: red, like
 * the open cards' border), primary (finished) and light (invisible); panel messages use neutral
 * (not sent), info (queued, sending) and success (sent). Each pair passes WCAG AA for small
 * text.
 */
export type BadgeTone = "neutral" | "danger" | "primary" | "light" | "info" | "success";

const tones: Record<BadgeTone, string> = {
  neutral: "border-gray-300 bg-gray-100 text-gray-800",
  danger: "border-accent-700 bg-red-50 text-accent-700",
  primary: "border-primary-700 bg-primary-700 text-white",
  light: "border-primary-100 bg-primary-50 text-primary-800",
  info: "border-sky-300 bg-sky-50 text-sky-900",
  success: "border-green-700 bg-green-50 text-green-900",
};

/** A short label for a state (a study's or message's status, "2FA on"). Text, not colour alone. */
export function StatusBadge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded border px-1.5 py-0.5 text-xs font-medium whitespace-nowrap ${tones[tone]}`}
    >
      {children}
    </span>
  );
}
