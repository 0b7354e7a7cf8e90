import Page, { generateMetadata as metadata } from "@/app/[locale]/(public-live)/research/page";
import { dutchMetadata, dutchPage } from "../../in-dutch";

/**
 * As app/[locale]'s /research, rendered on its first request and cached, never while building
 * (it reads the database). An optional catch-all is what lets a page without a segment of its
 * own be left out of the build: an empty list of parameters. Only the bare /research reaches
 * it: next.config.ts sends anything below it home, as every unknown address.
 */
export const revalidate = 30;

export function generateStaticParams() {
  return [];
}

export const generateMetadata = dutchMetadata(metadata);
export default dutchPage(Page);
