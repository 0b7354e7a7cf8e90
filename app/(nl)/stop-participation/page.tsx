import Page, {
  generateMetadata as metadata,
} from "@/app/[locale]/(public)/stop-participation/page";
import { dutchMetadata, dutchPage } from "../in-dutch";

export const generateMetadata = dutchMetadata(metadata);
export default dutchPage(Page);
