import Page, { generateMetadata as metadata } from "@/app/[locale]/(public)/bedankt/page";
import { dutchMetadata, dutchPage } from "../in-dutch";

export const generateMetadata = dutchMetadata(metadata);
export default dutchPage(Page);
