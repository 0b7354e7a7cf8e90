import type { Locale } from "@/lib/i18n/locales";
import type nl from "./nl";

export type Messages = typeof nl;

/** Messages are split into one file per area (messages/<locale>/<area>.json) and merged here. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  return locale === "en" ? (await import("./en")).default : (await import("./nl")).default;
}
