import { render, type RenderResult } from "@testing-library/react";
import { NextIntlClientProvider, type AbstractIntlMessages, type IntlError } from "next-intl";
import type { ReactElement } from "react";
import en from "@/i18n/messages/en";
import nl from "@/i18n/messages/nl";

export const messagesOf = { nl, en } as const;

type RenderIntlOptions = {
  /** The texts given to the browser, when a page gives fewer than all (ClientMessages). */
  messages?: Record<string, unknown>;
  /** Told of every missing text and failed format; next-intl's default logs them. */
  onError?: (error: IntlError) => void;
};

/** Renders with the real translations of one language, as the pages provide them. */
export function renderIntl(
  ui: ReactElement,
  locale: "nl" | "en" = "nl",
  { messages, onError }: RenderIntlOptions = {},
): RenderResult {
  return render(
    <NextIntlClientProvider
      locale={locale}
      messages={(messages as AbstractIntlMessages | undefined) ?? messagesOf[locale]}
      timeZone="Europe/Amsterdam"
      onError={onError}
    >
      {ui}
    </NextIntlClientProvider>,
  );
}

/**
 * Points the page's address at `origin`, so relative API paths reach that server; `path` may
 * carry a query and a fragment, as a link from a mail does.
 */
export function browseTo(origin: string, path = "/"): void {
  (window as unknown as { happyDOM: { setURL: (url: string) => void } }).happyDOM.setURL(
    `${origin}${path}`,
  );
}
