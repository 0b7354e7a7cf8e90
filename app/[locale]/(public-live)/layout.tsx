import { PublicFrame } from "../public-frame";

/**
 * Public pages that show data from the database (/research). Nothing here is rendered while
 * building (no `generateStaticParams`, so the build needs no database): each language is
 * rendered on its first request, then served from the cache as static HTML until a write marks
 * it stale or its revalidation time passes (see the page).
 */
export default function PublicLiveLayout({ children, params }: LayoutProps<"/[locale]">) {
  return <PublicFrame params={params}>{children}</PublicFrame>;
}
