import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import type { ReactNode } from "react";

/**
 * What every public page's client islands use: the header and footer and dialogs. The footer's
 * login dialog brings its own texts when it loads (components/public/login-dialog).
 */
export const BASE_CLIENT_MESSAGES = ["common"];

/** Islands wrapped in <ClientMessages> talk to the API, so they get the error texts as well. */
const ISLAND_MESSAGES = [...BASE_CLIENT_MESSAGES, "errors"];

/**
 * For an island that words every failure itself: only the text the shared error helper falls
 * back to (components/data/use-error-message), so the `errors` namespace exists, without the
 * catalogue of every code, about 1.7 kB of the page's HTML.
 */
const OWN_WORDING_MESSAGES = [...BASE_CLIENT_MESSAGES, "errors.unknown"];

type Messages = Record<string, unknown>;

/** The parts of `messages` named by dotted paths ("auth.login"), nested as in the original. */
export function pickMessages(messages: Messages, paths: readonly string[]): Messages {
  const picked: Messages = {};
  for (const path of paths) {
    const keys = path.split(".");
    let from: unknown = messages;
    for (const key of keys) from = (from as Messages | undefined)?.[key];
    if (from === undefined) continue;
    let into = picked;
    for (const key of keys.slice(0, -1)) into = (into[key] ??= {}) as Messages;
    into[keys.at(-1)!] = from;
  }
  return picked;
}

/** What <ClientMessages> hands its islands, for the page and for tests that render them. */
export function islandMessages(
  messages: Messages,
  namespaces: readonly string[],
  { errorCodes = true }: { errorCodes?: boolean } = {},
): Messages {
  return pickMessages(messages, [
    ...(errorCodes ? ISLAND_MESSAGES : OWN_WORDING_MESSAGES),
    ...namespaces,
  ]);
}

/**
 * Gives the client islands inside it the base messages, the error texts and `namespaces` (whole
 * namespaces or single texts, "home.submit"), and nothing more: every message handed to the
 * client is serialised into the page, so each public page carries only the texts its own islands
 * show. `errorCodes={false}` leaves out the error catalogue for islands that never show it.
 */
export async function ClientMessages({
  namespaces,
  errorCodes = true,
  children,
}: {
  namespaces: readonly string[];
  errorCodes?: boolean;
  children: ReactNode;
}) {
  const messages = (await getMessages()) as Messages;
  return (
    <NextIntlClientProvider messages={islandMessages(messages, namespaces, { errorCodes })}>
      {children}
    </NextIntlClientProvider>
  );
}
