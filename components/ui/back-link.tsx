import Link from "next/link";
import type { ReactNode } from "react";
import { ArrowIcon } from "./arrow-icon";

/**
 * A link back to the list or page a screen was reached from, with a left arrow before its text.
 * The look is the caller's (`className`: a text link, a secondary or a ghost button). Usable in
 * server components.
 */
export function BackLink({
  href,
  className,
  children,
}: {
  href: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <Link href={href} className={className}>
      <ArrowIcon direction="left" />
      {children}
    </Link>
  );
}
