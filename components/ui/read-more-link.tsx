import Link from "next/link";
import type { ReactNode } from "react";

/**
 * A card's "read more" link, its arrow drawn here rather than with lucide's icon. The icon is a
 * client component: on a page of cards, each copy travels twice (in the HTML and, with its
 * drawing, in the page's RSC data) and is hydrated. This arrow is plain markup, its look in the
 * `read-more-arrow` utility (app/globals.css), so a card adds a few bytes for it, not 600.
 */
export function ReadMoreLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className="read-more">
      {children}
      <svg
        width="16"
        height="16"
        viewBox="0 0 24 24"
        aria-hidden="true"
        className="read-more-arrow"
      >
        <path d="M5 12h14m-7-7 7 7-7 7" />
      </svg>
    </Link>
  );
}
