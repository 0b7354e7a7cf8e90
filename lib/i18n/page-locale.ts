import "server-only";
import { notFound, redirect } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { isLocale, type Locale } from "./locales.shared";

/**
 * The language of a page or layout from its internal `[locale]` segment, checked, and handed to
 * next-intl for this render. Every layout and page calls it: they render in parallel, and
 * without it next-intl would read the request's headers and make a static page dynamic.
 *
 * Page paths reach the segment through a rewrite with a language in it (the Dutch twins in
 * app/(nl) pass theirs fixed). Only a path the rewrites leave alone arrives here with something
 * else: a Dutch twin's address in other capitals (`/Research`: the rules match it, the pages do
 * not). It is sent home as the specification asks of every unknown path, instead of getting
 * Next's bare error shell.
 */
export async function pageLocale(params: Promise<{ locale: string }>): Promise<Locale> {
  const { locale } = await params;
  if (!isLocale(locale)) {
    // A missing script or style of Next's own (an old page asking for a chunk after a new
    // deployment) stays a plain 404: a redirect would answer it with a page of HTML.
    if (locale === "_next") notFound();
    redirect("/");
  }
  setRequestLocale(locale);
  return locale;
}
