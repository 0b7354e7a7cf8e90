import type { ReactNode } from "react";

/**
 * A region named by its own heading: the heading's id is the region's `aria-labelledby`, so a
 * screen reader lists the region under that name. `as="aside"` for a note beside the page's
 * content; `level` 3 for a part of a section. The heading's look is `titleClassName`; the
 * region's spacing and box are `className`. Usable in server components.
 */
export function TitledSection({
  as: Region = "section",
  level = 2,
  titleId,
  title,
  titleClassName = "text-lg font-semibold text-primary-800",
  className,
  children,
}: {
  as?: "section" | "aside";
  level?: 2 | 3;
  titleId: string;
  title: ReactNode;
  titleClassName?: string;
  className?: string;
  children: ReactNode;
}) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <Region aria-labelledby={titleId} className={className}>
      <Heading id={titleId} className={titleClassName}>
        {title}
      </Heading>
      {children}
    </Region>
  );
}
