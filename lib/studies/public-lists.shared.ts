/**
 * How long after a write /research is marked stale a second time (lib/studies/public-lists.ts).
 * A render of the page that read the lists before the write committed can finish after the
 * first mark and be stored as fresh (Next.js dates a cached page by when its render ended); the
 * second mark, once such a render has usually ended, makes the next visit render the lists
 * again. Without it the old lists could be shown until the page's own revalidation, 30 s later
 * (as they still can after a render that took longer than this). No imports: the browser tests
 * wait on it too.
 */
export const LATE_RENDER_GRACE_MS = 5_000;
