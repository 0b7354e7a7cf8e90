import "server-only";
import { revalidatePath } from "next/cache";
import { afterResponse } from "@/lib/deferred/after-response";
import { defaultLocale, locales } from "@/lib/i18n/locales.shared";
import { LATE_RENDER_GRACE_MS } from "./public-lists.shared";

/** The public page that lists the open and finished studies. */
export const PUBLIC_STUDY_LISTS_PATH = "/research";

/**
 * The paths of /research's cached copies, one per language: the Dutch one at the bare address
 * (app/(nl)), the others behind the locale rewrite in next.config.ts.
 */
export function publicStudyListPaths(): string[] {
  return locales.map((locale) =>
    locale === defaultLocale ? PUBLIC_STUDY_LISTS_PATH : `/${locale}${PUBLIC_STUDY_LISTS_PATH}`,
  );
}

/**
 * Marks the cached /research stale in every language, so the next visit renders it again from
 * the database, and once more LATE_RENDER_GRACE_MS after the response (public-lists.shared.ts
 * says why). Called by every write that can change what the public lists show (create, update,
 * delete, duplicate, the submission that reaches a study's limit). Next.js applies a mark when
 * the request (or the work after its response) ends, after the write's transaction has
 * committed. Outside a request of the Next.js server (scripts, tests calling domain functions
 * directly) there is no page cache, and Next.js says so with an invariant error, which is the
 * one error ignored here.
 */
export function revalidatePublicStudyLists(): void {
  if (!markStale()) return;
  // Best-effort, as afterResponse is: it never fails a write that has already committed, or the
  // transaction it runs in.
  afterResponse("public-study-lists", async () => {
    await new Promise((resolve) => setTimeout(resolve, LATE_RENDER_GRACE_MS));
    markStale();
  });
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
