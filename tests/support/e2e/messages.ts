import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Messages } from "@/i18n/messages";

/** The site's texts, read from the message files (Node's ESM loader will not import bare JSON). */
export function messagesFor(locale: "nl" | "en"): Messages {
  const dir = fileURLToPath(new URL(`../../../i18n/messages/${locale}`, import.meta.url));
  const entries = readdirSync(dir)
    .filter((file) => file.endsWith(".json"))
    .map((file) => [
      file.replace(/\.json$/, ""),
      JSON.parse(readFileSync(path.join(dir, file), "utf8")),
    ]);
  return Object.fromEntries(entries) as Messages;
}
