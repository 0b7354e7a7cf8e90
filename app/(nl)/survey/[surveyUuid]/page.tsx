import Page, {
  generateMetadata as metadata,
} from "@/app/[locale]/(public)/survey/[surveyUuid]/page";
import { dutchMetadata, dutchPage } from "../../in-dutch";

/** Segment settings are read from this file itself: as app/[locale]'s page. */
export const dynamic = "force-dynamic";
export const generateMetadata = dutchMetadata(metadata);
export default dutchPage(Page);
