import type { ReactNode } from "react";
import LocaleLayout, { generateMetadata as localeMetadata } from "@/app/[locale]/layout";
import { PublicFrame } from "@/app/[locale]/public-frame";
import { dutchMetadata, inDutch } from "./in-dutch";

export { viewport } from "@/app/[locale]/layout";
export const generateMetadata = dutchMetadata(localeMetadata);

/**
 * The root of the Dutch public pages at their bare addresses (in-dutch.tsx says why): the same
 * document and public frame as app/[locale]'s, in Dutch. English visits (the rewrite in
 * next.config.ts), the staff portal and unknown addresses are served from app/[locale].
 */
export default function DutchLayout({ children }: { children: ReactNode }) {
  const params = inDutch(undefined);
  return (
    <LocaleLayout params={params}>
      <PublicFrame params={params}>{children}</PublicFrame>
    </LocaleLayout>
  );
}
