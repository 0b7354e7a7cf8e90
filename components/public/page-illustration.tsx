import Image from "next/image";

/**
 * The illustration under a text page's title (privacy, vision): eager, as it is in view at once,
 * and unoptimised, as it is an SVG.
 */
export function PageIllustration({ name, alt }: { name: "privacy" | "vision"; alt: string }) {
  return (
    <Image
      src={`/images/${name}.svg`}
      alt={alt}
      width={800}
      height={450}
      priority
      unoptimized
      className="mt-6 h-auto w-full rounded-lg"
    />
  );
}
