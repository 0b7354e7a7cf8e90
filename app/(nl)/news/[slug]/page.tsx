import Page, {
  generateMetadata as metadata,
  generateStaticParams as articles,
} from "@/app/[locale]/(public)/news/[slug]/page";
import { dutchMetadata, dutchPage } from "../../in-dutch";

export function generateStaticParams() {
  return articles();
}

/** Segment settings are read from this file itself: as app/[locale]'s page. */
export const dynamicParams = false;
export const generateMetadata = dutchMetadata(metadata);
export default dutchPage(Page);
