/** Lucide's arrow-left and arrow-right, each as one path. */
const PATHS = {
  left: "M19 12H5m7 7-7-7 7-7",
  right: "M5 12h14m-7-7 7 7-7 7",
} as const;

/**
 * An arrow beside a link's words, drawn as plain markup rather than with lucide's icon. The icon
 * is a client component: in a server-rendered page each copy travels twice (in the HTML and,
 * with its drawing, in the page's RSC data) and is hydrated. This one adds a few bytes; its look
 * is the `arrow-icon` utility (app/globals.css), and it keeps its size in its markup, so it stays
 * an arrow if the stylesheet does not load. Hidden from assistive technology: the words say it.
 */
export function ArrowIcon({ direction }: { direction: keyof typeof PATHS }) {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" className="arrow-icon">
      <path d={PATHS[direction]} />
    </svg>
  );
}
