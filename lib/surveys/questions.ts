import "server-only";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { dbOr, type DbOrTx } from "@/db/client";
import { surveyQuestions, surveyResponses, surveys } from "@/db/schema";
import { defaultBlock, isQuestionBlock, type QuestionBlock } from "./editor-rules.shared";
import type { VisibleIf } from "./conditions.shared";
import { blockSchema, type Step } from "./schema.shared";

/** A question as the export and its codebook describe it. */
export type SurveyQuestionInfo = {
  dataName: string;
  /** The step (from 0) it is in, or was last in. */
  step: number;
  block: QuestionBlock;
  /** The condition of its step today (a retired question's step condition is not recorded). */
  stepVisibleIf?: VisibleIf;
  /** No longer in the survey: its answers are kept in a column after today's questions. */
  retired: boolean;
};

/** The survey's named questions in survey order, the first of each data_name only. */
export function questionsOf(steps: readonly Step[]): SurveyQuestionInfo[] {
  const found = new Map<string, SurveyQuestionInfo>();
  steps.forEach((step, s) =>
    step.blocks.forEach((block) => {
      if (!isQuestionBlock(block)) return;
      const dataName = block.data_name.trim();
      if (dataName === "" || found.has(dataName)) return;
      const info: SurveyQuestionInfo = { dataName, step: s, block, retired: false };
      if (step.visible_if) info.stepVisibleIf = step.visible_if;
      found.set(dataName, info);
    }),
  );
  return [...found.values()];
}

// Postgres takes at most 65,535 parameters per statement; 7 a row.
const INSERT_CHUNK = 1_000;

function rowOf(surveyId: number, q: SurveyQuestionInfo, position: number, inResponses = false) {
  return {
    surveyId,
    dataName: q.dataName,
    position,
    step: q.step,
    type: q.block.type,
    questionText: q.block.question_text,
    definition: q.block,
    inResponses,
  };
}

/** Whether the survey's study has stored any response. */
async function hasResponses(tx: DbOrTx, surveyId: number): Promise<boolean> {
  const [row] = await tx
    .select({ one: sql<number>`1` })
    .from(surveyResponses)
    .innerJoin(surveys, eq(surveys.studyId, surveyResponses.studyId))
    .where(eq(surveys.id, surveyId))
    .limit(1);
  return row !== undefined;
}

/**
 * Extends the survey's list of every question it has ever had, inside the save's transaction
 * (which holds the survey row's lock, so positions are handed out once). The stored survey's
 * questions are recorded first, as they were, in case they predate this list (a survey written
 * by the demo seed, or before the list existed); then today's questions, whose text, type and
 * definition replace what was recorded under their names. Nothing is ever removed.
 */
export async function recordQuestions(
  tx: DbOrTx,
  surveyId: number,
  previous: readonly Step[],
  next: readonly Step[],
): Promise<void> {
  const existing = await tx
    .select({ dataName: surveyQuestions.dataName, position: surveyQuestions.position })
    .from(surveyQuestions)
    .where(eq(surveyQuestions.surveyId, surveyId));
  const positions = new Map(existing.map((r) => [r.dataName, r.position]));
  let nextPosition = existing.reduce((max, r) => Math.max(max, r.position), -1) + 1;
  const positionOf = (name: string) => {
    let position = positions.get(name);
    if (position === undefined) {
      position = nextPosition++;
      positions.set(name, position);
    }
    return position;
  };

  // Questions of a stored survey that predates the list: whether a sealed response was shown
  // them cannot be read, so they count as shown once the study has any response.
  const unrecorded = questionsOf(previous).filter((q) => !positions.has(q.dataName));
  const answered = unrecorded.length > 0 && (await hasResponses(tx, surveyId));
  const earlier = unrecorded.map((q) => rowOf(surveyId, q, positionOf(q.dataName), answered));
  for (let i = 0; i < earlier.length; i += INSERT_CHUNK) {
    await tx
      .insert(surveyQuestions)
      .values(earlier.slice(i, i + INSERT_CHUNK))
      .onConflictDoNothing();
  }

  const current = questionsOf(next).map((q) => rowOf(surveyId, q, positionOf(q.dataName)));
  for (let i = 0; i < current.length; i += INSERT_CHUNK) {
    await tx
      .insert(surveyQuestions)
      .values(current.slice(i, i + INSERT_CHUNK))
      .onConflictDoUpdate({
        target: [surveyQuestions.surveyId, surveyQuestions.dataName],
        set: {
          step: sql`excluded.step`,
          type: sql`excluded.type`,
          questionText: sql`excluded.question_text`,
          definition: sql`excluded.definition`,
        },
      });
  }
}

/**
 * The names marked so far per study and survey version, in this process. `in_responses` only
 * ever goes from false to true, and a survey's question rows are added only by a save, which
 * raises its version (or by a duplicate, which is another study): a name marked for a version
 * needs no statement again, and a save's new version starts afresh. Only marks made outside a
 * caller's transaction are remembered (one inside it could still be rolled back). The oldest
 * versions are forgotten first. Not on globalThis: a route bundle that loads its own copy of
 * this module only sends a statement the other copy would have skipped.
 */
const markedByVersion = new Map<string, Set<string>>();
const REMEMBERED_VERSIONS = 1_000;

/**
 * Notes that a response about to be stored was shown these questions of the study's survey, so
 * their columns stay in the export should they be removed or renamed later. Called before the
 * response is stored: should the store fail, an extra column is all that is left. Writes only
 * the first time a name is shown; with the survey's `version`, a name already marked for it by
 * this process is not asked about again.
 */
export async function markShownQuestions(
  studyId: number,
  dataNames: readonly string[],
  tx?: DbOrTx,
  version?: number,
): Promise<void> {
  const names = [...new Set(dataNames)];
  const key = version === undefined ? undefined : `${studyId}:${version}`;
  const known = key === undefined ? undefined : markedByVersion.get(key);
  const unmarked = known ? names.filter((name) => !known.has(name)) : names;
  if (unmarked.length === 0) return;
  const db = await dbOr(tx);
  await db
    .update(surveyQuestions)
    .set({ inResponses: true })
    .where(
      and(
        inArray(
          surveyQuestions.surveyId,
          db.select({ id: surveys.id }).from(surveys).where(eq(surveys.studyId, studyId)),
        ),
        inArray(surveyQuestions.dataName, unmarked),
        eq(surveyQuestions.inResponses, false),
      ),
    );
  if (key === undefined || tx !== undefined) return;
  const marked = known ?? new Set<string>();
  for (const name of unmarked) marked.add(name);
  markedByVersion.delete(key);
  markedByVersion.set(key, marked);
  if (markedByVersion.size > REMEMBERED_VERSIONS) {
    markedByVersion.delete(markedByVersion.keys().next().value!);
  }
}

/**
 * The export's columns: today's questions in survey order, then every question the survey once
 * had, no longer has and some response was shown, in the order they first appeared, with what
 * they last looked like. A name no response ever met (a default data name an autosave stored
 * before it was renamed) would only be an empty column.
 */
export async function surveyColumns(
  surveyId: number,
  steps: readonly Step[],
  tx?: DbOrTx,
): Promise<SurveyQuestionInfo[]> {
  const current = questionsOf(steps);
  const names = new Set(current.map((q) => q.dataName));
  const db = await dbOr(tx);
  const recorded = await db
    .select()
    .from(surveyQuestions)
    .where(eq(surveyQuestions.surveyId, surveyId))
    .orderBy(asc(surveyQuestions.position));
  const retired = recorded
    .filter((r) => r.inResponses && !names.has(r.dataName))
    .map((r) => ({
      dataName: r.dataName,
      step: r.step,
      block: recordedBlock(r),
      retired: true,
    }));
  return [...current, ...retired];
}

/**
 * A recorded definition as a block. Every row is written from a validated block, so the
 * fallback (the recorded type and text with that type's defaults) only guards against a row
 * changed by hand.
 */
function recordedBlock(row: typeof surveyQuestions.$inferSelect): QuestionBlock {
  const parsed = blockSchema.safeParse(row.definition);
  if (parsed.success && isQuestionBlock(parsed.data)) return parsed.data;
  const type = row.type === "multiple_choice" || row.type === "scale" ? row.type : "open_question";
  const block = defaultBlock(type, { data_name: row.dataName }) as QuestionBlock;
  return { ...block, question_text: row.questionText };
}
