import Page, {
  generateMetadata as metadata,
  generateStaticParams as articles,
} from "@/app/[locale]/(public)/news/[slug]/page";
import { dutchMetadata, dutchPage } from "../../in-dutch";

export function generateStaticParams() {
  return articles();
}
export const generateMetadata = dutchMetadata(metadata);
export default dutchPage(Page);
