import "server-only";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { pageLocale } from "@/lib/i18n/page-locale";
import type { Messages } from "@/i18n/messages";
import { publicPageMetadata } from "./page-metadata";

type Join<P extends string, K extends string> = P extends "" ? K : `${P}.${K}`;

/** The message namespaces (e.g. "vision", "panel.admin") that hold a `Key` text. */
type NamespacesWith<T, Key extends string, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends Record<string, unknown>
    ? (Key extends keyof T[K] ? Join<P, K> : never) | NamespacesWith<T[K], Key, Join<P, K>>
    : never;
}[keyof T & string];

type TitleKey = "metaTitle" | "title";

type PublicOptions = {
  /** The page's public path: the description, canonical address and Open Graph tags follow. */
  path: string;
  /** A page that only makes sense after an action (the thank-you page) stays out of search. */
  noIndex?: boolean;
  /** The title without the site name after it (the home page). */
  absoluteTitle?: boolean;
};

type PrivateOptions = {
  /** Which text of the namespace is the title; "metaTitle" unless said otherwise. */
  titleKey?: TitleKey;
};

type PageArgs = { params: Promise<{ locale: string }> };

/**
 * A page's `generateMetadata` from its messages, so the page names only its namespace and
 * path. With a path: a public page, titled by `<namespace>.metaTitle`, described by
 * `.metaDescription`, with canonical address and Open Graph tags. Without one: a page reached
 * from a link or a signed-in portal, titled only and kept out of search engines.
 */
export function metadataFor(
  namespace: NamespacesWith<Messages, "metaTitle"> & NamespacesWith<Messages, "metaDescription">,
  options: PublicOptions,
): (args: PageArgs) => Promise<Metadata>;
export function metadataFor(
  namespace: NamespacesWith<Messages, "metaTitle">,
  options?: Omit<PrivateOptions, "titleKey">,
): (args: PageArgs) => Promise<Metadata>;
export function metadataFor(
  namespace: NamespacesWith<Messages, "title">,
  options: PrivateOptions & { titleKey: "title" },
): (args: PageArgs) => Promise<Metadata>;
export function metadataFor(
  namespace: string,
  options: Partial<PublicOptions> & PrivateOptions = {},
): (args: PageArgs) => Promise<Metadata> {
  return async ({ params }) => {
    const locale = await pageLocale(params);
    // The overloads above tie each namespace to the keys read here.
    const t = (await getTranslations({ locale, namespace: namespace as "common" })) as unknown as (
      key: string,
    ) => string;
    if (options.path === undefined) {
      return {
        title: t(options.titleKey ?? "metaTitle"),
        robots: { index: false, follow: false },
      };
    }
    const title = t("metaTitle");
    const metadata = await publicPageMetadata({
      locale,
      path: options.path,
      title,
      description: t("metaDescription"),
      noIndex: options.noIndex,
    });
    return options.absoluteTitle ? { ...metadata, title: { absolute: title } } : metadata;
  };
}
