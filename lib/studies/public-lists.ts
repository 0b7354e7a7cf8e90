import "server-only";
import { revalidatePath } from "next/cache";
import { after } from "next/server";
import { locales } from "@/lib/i18n/locales.shared";
import { logError } from "@/lib/log";

/** The public page that lists the open and finished studies. */
export const PUBLIC_STUDY_LISTS_PATH = "/research";

/**
 * How long after a write /research is marked stale a second time. A render of the page that
 * read the lists before the write committed can finish after the first mark and be stored as
 * fresh (Next.js dates a cached page by when its render ended); the second mark, once such a
 * render has usually ended, makes the next visit render the lists again. Without it the old
 * lists could be shown until the page's own revalidation, 30 s later (as they still can after a
 * render that took longer than this).
 */
export const LATE_RENDER_GRACE_MS = 5_000;

/** The internal paths of /research, one per language (the rewrite in next.config.ts adds them). */
export function publicStudyListPaths(): string[] {
  return locales.map((locale) => `/${locale}${PUBLIC_STUDY_LISTS_PATH}`);
}

/**
 * Marks the cached /research stale in every language, so the next visit renders it again from
 * the database, and once more LATE_RENDER_GRACE_MS after the response (see there). Called by
 * every write that can change what the public lists show (create, update, delete, duplicate,
 * the submission that reaches a study's limit). Next.js applies a mark when the request (or the
 * work after its response) ends, after the write's transaction has committed. Outside a request
 * of the Next.js server (scripts, tests calling domain functions directly) there is no page
 * cache, and Next.js says so with an invariant error, which is the one error ignored here.
 */
export function revalidatePublicStudyLists(): void {
  if (!markStale()) return;
  // The second mark is a refinement: whatever keeps it from being scheduled (a request without
  // a lifecycle to wait on, such as a handler called directly) must not fail a write that has
  // already committed, or roll back the transaction it runs in.
  try {
    after(async () => {
      await new Promise((resolve) => setTimeout(resolve, LATE_RENDER_GRACE_MS));
      markStale();
    });
  } catch (error) {
    if (!isOutsideRequestScope(error)) logError("public-study-lists", error);
  }
}

/** False outside a request of the Next.js server. */
function markStale(): boolean {
  for (const path of publicStudyListPaths()) {
    try {
      revalidatePath(path);
    } catch (error) {
      if (!isOutsideNextRequest(error)) throw error;
      return false;
    }
  }
  return true;
}

function isOutsideNextRequest(error: unknown): boolean {
  return (
    error instanceof Error && error.message.startsWith("Invariant: static generation store missing")
  );
}

function isOutsideRequestScope(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith("`after` was called outside a request");
}
