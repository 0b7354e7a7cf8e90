import Link from "next/link";
import type { ReactNode } from "react";
import { ArrowIcon } from "./arrow-icon";

/** A card's "read more" link, an arrow after its words; its look is the `read-more` utility. */
export function ReadMoreLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className="read-more">
      {children}
      <ArrowIcon direction="right" />
    </Link>
  );
}
