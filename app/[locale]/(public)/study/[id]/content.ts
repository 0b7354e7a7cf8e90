import "server-only";
import { cache } from "react";
import { listAttachments } from "@/lib/attachments/read";
import { currentRequestIsStaff } from "@/lib/auth/current-user";
import { AppError } from "@/lib/errors/app-error";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { logError } from "@/lib/log";
import { readStudy } from "@/lib/studies/read";
import { idSchema } from "@/lib/validation/common.shared";
import type { StudyPageContent } from "@/components/public/study-detail";

/**
 * What /study/{id} shows, read on the server for this request: the study as GET /api/study/{id}
 * answers it (open and finished ones for everyone, any for signed-in staff), and its PDFs. An
 * address without a valid id, or a study the reader may not see, is "not found"; any other
 * failure (the database away) is logged and shown with its code, to try again. A failure to
 * list the PDFs is only logged (the specification's rule for attachments), and none are shown.
 * Cached per request: the page and its metadata read it once.
 */
export const studyPageContent = cache(async (rawId: string): Promise<StudyPageContent> => {
  const parsed = idSchema.safeParse(rawId);
  if (!parsed.success) return { error: { code: ErrorCode.NOT_FOUND } };
  const id = parsed.data;
  try {
    const viewer = { staff: await currentRequestIsStaff() };
    // Both read at once; a failure to list the PDFs is looked at only once the study was read,
    // so a database that is away is logged once, as the study's failure.
    const attachments = listAttachments(id, viewer).then(
      (list) => ({ items: list.items }),
      (error: unknown) => ({ error }),
    );
    const study = await readStudy(id, viewer);
    const listed = await attachments;
    if ("items" in listed) return { study, attachments: listed.items };
    logError("study-page", listed.error, { studyId: id, part: "attachments" });
    return { study, attachments: [] };
  } catch (error) {
    if (isNotFound(error)) return { error: { code: ErrorCode.NOT_FOUND } };
    logError("study-page", error, { studyId: id });
    return { error: { code: error instanceof AppError ? error.code : ErrorCode.UNKNOWN } };
  }
});

function isNotFound(error: unknown): boolean {
  return error instanceof AppError && error.code === ErrorCode.NOT_FOUND;
}
