import "server-only";
import { eq, sql } from "drizzle-orm";
import { transaction, type DbOrTx } from "@/db/client";
import { studies, surveys } from "@/db/schema";
import { recordAudit, type AuditActor } from "@/lib/audit/record";
import { AppError } from "@/lib/errors/app-error";
import { ErrorCode } from "@/lib/errors/codes.shared";
import type { Locale } from "@/lib/i18n/locales.shared";
import { recordQuestions } from "@/lib/surveys/questions";
import type { Step } from "@/lib/surveys/schema.shared";
import { STUDY_NAME_MAX_LENGTH } from "./admin-schemas.shared";
import type { StudyDto } from "./schemas.shared";
import { toStudyDto } from "./serialize";
import { revalidatePublicStudyLists } from "./public-lists";

const COPY_SUFFIX: Record<Locale, string> = { nl: " (kopie)", en: " (copy)" };

/**
 * "<name> (kopie)", the name shortened where needed so the copy's name is still a valid one:
 * measured as the name's schema measures it (UTF-16 units, so an emoji counts two), and cut
 * between characters, never through one.
 */
export function copyName(name: string, locale: Locale): string {
  const suffix = COPY_SUFFIX[locale];
  const room = STUDY_NAME_MAX_LENGTH - suffix.length;
  if (name.length <= room) return name + suffix;
  let kept = "";
  for (const char of name) {
    if (kept.length + char.length > room) break;
    kept += char;
  }
  return kept.trimEnd() + suffix;
}

/**
 * POST /api/study/{id}/duplicate: a new `not_started` study with the same descriptions, PDFs
 * and survey (logic included, a new survey_uuid, version 0), and no responses. All of it or
 * nothing, with its audit row, in one transaction.
 */
export async function duplicateStudy(
  id: number,
  locale: Locale,
  actor: AuditActor,
  tx?: DbOrTx,
): Promise<StudyDto> {
  const copy = await transaction(tx, async (t) => {
    const [source] = await t.select().from(studies).where(eq(studies.id, id));
    if (!source) throw new AppError(ErrorCode.NOT_FOUND);
    const [sourceSurvey] = await t
      .select({ steps: surveys.steps })
      .from(surveys)
      .where(eq(surveys.studyId, id));

    const [study] = await t
      .insert(studies)
      .values({
        name: copyName(source.name, locale),
        shortDescription: source.shortDescription,
        description: source.description,
        status: "not_started",
        // The sample size is copied; the end date is not (DESIGN §4).
        responseLimit: source.responseLimit,
      })
      .returning();
    const steps = (sourceSurvey?.steps ?? []) as Step[];
    const [survey] = await t
      .insert(surveys)
      .values({ studyId: study.id, steps })
      .returning({ id: surveys.id, surveyUuid: surveys.surveyUuid });
    // The copy's export starts from today's questions; the source's retired ones stay its own.
    await recordQuestions(t, survey.id, [], steps);

    // Copied inside the database: PDFs of up to 20 MB each never pass through this process.
    await t.execute(sql`
      insert into study_attachments (study_id, original_filename, content_type, file_size, sha256, data)
      select ${study.id}, original_filename, content_type, file_size, sha256, data
      from study_attachments where study_id = ${id} order by id`);

    await recordAudit(t, {
      action: "study_duplicated",
      actor,
      target: { type: "study", id: study.id },
      details: { source_study_id: id },
    });
    return toStudyDto({ ...study, surveyUuid: survey.surveyUuid }, 0);
  });
  revalidatePublicStudyLists();
  return copy;
}
