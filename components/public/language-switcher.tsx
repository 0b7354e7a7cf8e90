"use client";

import type { MouseEvent } from "react";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { locales, type Locale } from "@/lib/i18n/locales.shared";
import { localePath } from "@/lib/i18n/visible-locale.shared";
import { persistLocale } from "@/lib/i18n/persist-locale.shared";
import { RELOADS_ATTRIBUTE } from "@/components/ui/reloads-attribute";
import { addressWithHeldLink } from "./held-link";

/**
 * Links, so that a language can be chosen before the page's scripts have loaded or without
 * them: `/en/<this page>` stores the language and comes back here (proxy.ts). With scripts, a
 * plain press stores it in the browser and reloads instead, which keeps the query string and
 * saves a round trip; a press that opens a new tab or window is left to the browser.
 */
export function LanguageSwitcher({ current }: { current: string }) {
  const t = useTranslations("common.language");
  // The prerendered page's own path (`/nl/research`) on the server, the address in the browser.
  const pathname = usePathname();
  const choose = (event: MouseEvent<HTMLAnchorElement>, locale: Locale) => {
    const plainPress =
      event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    if (!plainPress) return;
    event.preventDefault();
    if (locale === current) return;
    persistLocale(locale);
    // A mail link's page took the link out of the address: it goes back in for the reload, and
    // the reloaded page takes it out again (held-link.ts).
    const address = addressWithHeldLink(window.location);
    if (address !== `${window.location.pathname}${window.location.search}`)
      window.history.replaceState(window.history.state, "", address);
    // A full reload: both languages are prerendered and the server picks one by cookie.
    window.location.reload();
  };
  return (
    <div role="group" aria-label={t("label")} className="flex rounded-md border border-gray-300">
      {locales.map((locale) => (
        <a
          key={locale}
          href={localePath(locale, pathname)}
          hrefLang={locale}
          lang={locale}
          aria-current={locale === current ? "true" : undefined}
          // A press reloads the page: a screen asking before it is left lets the browser ask.
          {...{ [RELOADS_ATTRIBUTE]: "" }}
          onClick={(event) => choose(event, locale)}
          className={`px-2.5 py-1.5 text-xs font-semibold uppercase first:rounded-l-md last:rounded-r-md ${
            locale === current ? "bg-primary-700 text-white" : "bg-white text-ink hover:bg-primary-50"
          }`}
        >
          {locale}
          <span className="sr-only"> – {t(locale)}</span>
        </a>
      ))}
    </div>
  );
}
