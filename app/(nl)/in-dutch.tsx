import type { ComponentType } from "react";
import { defaultLocale, type Locale } from "@/lib/i18n/locales.shared";

/**
 * The Dutch pages at their bare addresses (this folder), rendered by the same page and layout
 * components as app/[locale], with the language fixed instead of read from the segment. So a
 * Dutch visit is answered from the file system, without the locale rewrite and the dynamic
 * segment behind it, which took about a third of a page's throughput (BENCHMARKS.md, lever 20).
 */
export function inDutch<T extends object>(
  params: Promise<T> | undefined,
): Promise<T & { locale: Locale }> {
  return Promise.resolve(params).then((p) => ({ ...(p as T), locale: defaultLocale }));
}

type Routed = { params: Promise<{ locale: string }> };

/** A page or layout of app/[locale] at its Dutch bare address. */
export function dutchPage<P extends Routed>(Component: ComponentType<P>) {
  function DutchPage(props: Omit<P, "params"> & { params?: Promise<object> }) {
    return <Component {...(props as unknown as P)} params={inDutch(props.params)} />;
  }
  return DutchPage;
}

/** Its `generateMetadata`, likewise. */
export function dutchMetadata<P extends Routed, R>(generate: (props: P) => R) {
  return (props: Omit<P, "params"> & { params?: Promise<object> }) =>
    generate({ ...(props as unknown as P), params: inDutch(props.params) });
}
