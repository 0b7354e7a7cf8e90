import Link from "next/link";

export type ListedLink = { href: string; label: string };

/**
 * A list of links, one `li` each (a site's navigation, in the header and in the mobile menu).
 * `onNavigate` runs when one is followed, e.g. to close the menu it sits in. Usable in server
 * components.
 */
export function LinkList({
  links,
  className,
  linkClassName,
  onNavigate,
}: {
  links: readonly ListedLink[];
  className: string;
  linkClassName: string;
  onNavigate?: () => void;
}) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.href}>
          <Link href={link.href} className={linkClassName} onClick={onNavigate}>
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
