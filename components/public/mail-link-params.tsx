"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState, type ReactNode } from "react";
import { Spinner } from "@/components/ui/spinner";
import { useHydrated } from "@/components/ui/use-hydrated";
import { fragmentOf, readLinkParams, type LinkParams } from "@/lib/links/fragment.shared";
import { holdLink } from "./held-link";

/**
 * Hands a mail link's parameters to `children`: from the fragment, where links carry their
 * tokens (a browser never sends it to a server), or from the query of a link in a mail sent
 * before that. Only the browser knows the fragment, so the page is prerendered with a spinner
 * and reads the address once hydrated. A link opened in a tab that already shows the page only
 * changes the fragment (no new page load): the parameters are read again then. The link is held
 * for a reload the page asks for (held-link.ts) until `children` call `spent`, once the link has
 * done its work.
 */
export function MailLinkParams<K extends string>({
  names,
  children,
}: {
  names: readonly K[];
  children: (values: LinkParams<K>, spent: () => void) => ReactNode;
}) {
  const common = useTranslations("common");
  const hydrated = useHydrated();
  const [opened, setOpened] = useState(0);
  // The names as one value, so a list written inline does not subscribe again on each render.
  const nameList = names.join(" ");
  useEffect(() => {
    // Only a fragment that carries one of the link's parameters: clearing the address below
    // leaves it empty, and the skip link's `#main` is no new link (read again, it would put
    // "incomplete link" in place of the page the reader is using).
    const reopen = () => {
      const fragment = new URLSearchParams(window.location.hash.slice(1));
      if (nameList.split(" ").some((name) => fragment.has(name))) setOpened((count) => count + 1);
    };
    window.addEventListener("hashchange", reopen);
    return () => window.removeEventListener("hashchange", reopen);
  }, [nameList]);
  if (!hydrated) return <Spinner label={common("loading")} />;
  return (
    <ReadOnce key={opened} names={names}>
      {children}
    </ReadOnce>
  );
}

function ReadOnce<K extends string>({
  names,
  children,
}: {
  names: readonly K[];
  children: (values: LinkParams<K>, spent: () => void) => ReactNode;
}) {
  // Read once: the address loses the parameters below, and they are kept in memory from here on.
  const [{ values, found }] = useState(() => readLinkParams(window.location, names));
  const [spent, setSpent] = useState(false);
  useEffect(() => {
    // Out of the address bar and the browser history, where on a shared device the token would
    // show (and for a stop or reset link, still work).
    if (found) window.history.replaceState(null, "", window.location.pathname);
  }, [found]);
  useEffect(() => {
    if (!found || spent) return;
    const present = Object.entries(values).filter((entry): entry is [string, string] =>
      Boolean(entry[1]),
    );
    holdLink(fragmentOf(Object.fromEntries(present)));
    return () => holdLink(null);
  }, [found, spent, values]);
  return children(values, () => setSpent(true));
}
