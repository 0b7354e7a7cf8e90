import { getImageProps, type ImageProps } from "next/image";

/**
 * A next/image picture rendered as a plain <img> on the server. The <Image> component is a
 * client component, so every page using it would load its script (about 5.5 kB gzipped) only
 * to show an unoptimised SVG; `getImageProps` gives the same attributes (size, lazy loading,
 * decoding) without any browser code.
 *
 * For lazily loaded pictures only: React announces an eagerly loaded <img> of a server
 * component as a preload hint in the page's RSC payload, and Next applies the hints of every
 * page it prefetches, so a `priority` picture would be preloaded on every page linking to its
 * own (and the browser warns that it went unused). Those keep <Image>.
 */
export function StaticImage({
  alt,
  ...props
}: Omit<ImageProps, "priority" | "preload" | "loading">) {
  const { props: imgProps } = getImageProps({ alt, ...props });
  // eslint-disable-next-line @next/next/no-img-element -- the attributes come from next/image itself
  return <img {...imgProps} alt={alt} />;
}
