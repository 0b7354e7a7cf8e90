import Page, { generateMetadata as metadata } from "@/app/[locale]/(public)/my-answers/page";
import { dutchMetadata, dutchPage } from "../in-dutch";

export const generateMetadata = dutchMetadata(metadata);
export default dutchPage(Page);
