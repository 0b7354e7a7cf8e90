import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { surveyQuestions } from "@/db/schema";
import { saveSurvey } from "@/lib/surveys/editor";
import { markShownQuestions, questionsOf, surveyColumns } from "@/lib/surveys/questions";
import type { Step } from "@/lib/surveys/schema.shared";
import { insertStudyWithSurvey, sampleSteps, storedSurvey } from "../../support/survey";

// The survey's list of every question it has ever had: the export's columns and codebook rest on
// it, so answers to a question that was removed or renamed keep a column of their own.

async function recorded(surveyId: number) {
  const db = await getDb();
  const rows = await db
    .select()
    .from(surveyQuestions)
    .where(eq(surveyQuestions.surveyId, surveyId))
    .orderBy(asc(surveyQuestions.position));
  return rows.map((r) => [r.position, r.dataName]);
}

/** Saves `steps` as the survey of `studyId`, without a version (the save wins). */
async function save(studyId: number, steps: Step[]) {
  const row = await storedSurvey(studyId);
  return saveSurvey(studyId, { study_id: studyId, survey_uuid: row.surveyUuid, steps });
}

const open = (data_name: string, order: number, question_text = `${data_name}?`) => ({
  type: "open_question" as const,
  data_name,
  order,
  question_text,
  is_required: false,
});

describe("questionsOf", () => {
  it("lists the named questions in survey order, the first of each name, without text blocks", () => {
    const steps: Step[] = [
      {
        order: 0,
        blocks: [
          { type: "text", data_name: "intro", order: 0, content: "<p>Hi</p>" },
          open(" story ", 1, "First"),
          open("", 2),
          open("   ", 3),
        ],
      },
      { order: 1, blocks: [open("story", 0, "Second"), open("place", 1)] },
    ];
    const questions = questionsOf(steps);
    expect(questions.map((q) => [q.dataName, q.step, q.retired])).toEqual([
      ["story", 0, false],
      ["place", 1, false],
    ]);
    expect(questions[0].block.question_text).toBe("First");
  });
});

describe("the recorded questions", () => {
  it("give a new name the next position after every earlier one, however often it is saved", async () => {
    const { studyId } = await insertStudyWithSurvey({ status: "not_started" });
    const { id: surveyId } = await storedSurvey(studyId);
    // The stored survey predates the list: its questions are recorded first, as they were.
    const steps = sampleSteps();
    steps[0].blocks = [steps[0].blocks[0], open("renamed", 1)];
    await save(studyId, steps);
    const first = [
      [0, "story"],
      [1, "remarks"],
      [2, "place"],
      [3, "help"],
      [4, "impact"],
      [5, "renamed"],
    ];
    expect(await recorded(surveyId)).toEqual(first);

    // Saved again unchanged, then with one new question: nothing moves, the new one comes last.
    await save(studyId, steps);
    expect(await recorded(surveyId)).toEqual(first);
    steps[1].blocks = [...steps[1].blocks, open("later", 3)];
    await save(studyId, steps);
    expect(await recorded(surveyId)).toEqual([...first, [6, "later"]]);

    // A name that returns keeps its place; another new one follows the last.
    steps[0].blocks = [steps[0].blocks[0], open("story", 1), open("newest", 2)];
    await save(studyId, steps);
    expect(await recorded(surveyId)).toEqual([...first, [6, "later"], [7, "newest"]]);
  });

  it("give the export today's questions in survey order, then the retired ones as first seen", async () => {
    const { studyId } = await insertStudyWithSurvey({ status: "not_started" });
    const { id: surveyId } = await storedSurvey(studyId);
    const steps = sampleSteps();
    // Drop 'remarks' and 'help', and put 'impact' before 'place'.
    steps[0].blocks = [steps[0].blocks[0], steps[0].blocks[1]];
    steps[1].blocks = [
      { ...steps[1].blocks[2], order: 0 },
      { ...steps[1].blocks[0], order: 1 },
    ];
    await save(studyId, steps);
    const { steps: saved } = await storedSurvey(studyId);
    // No response was shown the removed ones yet: they would be empty columns.
    expect((await surveyColumns(surveyId, saved as Step[])).map((c) => c.dataName)).toEqual([
      "story",
      "impact",
      "place",
    ]);
    // As a submission notes them before it is stored.
    await markShownQuestions(studyId, ["story", "help", "remarks", "help"]);
    const columns = await surveyColumns(surveyId, saved as Step[]);
    expect(columns.map((c) => [c.dataName, c.step, c.retired, c.block.type])).toEqual([
      ["story", 0, false, "open_question"],
      ["impact", 1, false, "scale"],
      ["place", 1, false, "multiple_choice"],
      ["remarks", 0, true, "open_question"],
      ["help", 1, true, "multiple_choice"],
    ]);
    // A retired question keeps its whole definition as last saved, for the codebook.
    const help = columns.find((c) => c.dataName === "help")!.block;
    expect(help).toEqual(sampleSteps()[1].blocks[1]);
  });

  it("read a definition changed by hand as its recorded type and text with that type's defaults", async () => {
    const { studyId } = await insertStudyWithSurvey({ status: "not_started" });
    const { id: surveyId } = await storedSurvey(studyId);
    await save(studyId, [{ order: 0, blocks: [open("story", 0)] }]);
    const db = await getDb();
    const spoil = (dataName: string, type: string) =>
      db
        .update(surveyQuestions)
        .set({ definition: { broken: true }, type })
        .where(and(eq(surveyQuestions.surveyId, surveyId), eq(surveyQuestions.dataName, dataName)));
    await spoil("help", "multiple_choice");
    await spoil("impact", "scale");
    await spoil("remarks", "something_else");
    // A definition that is a valid block but no question is no question either.
    await db
      .update(surveyQuestions)
      .set({ definition: { type: "text", data_name: "place", order: 0, content: "<p>x</p>" } })
      .where(and(eq(surveyQuestions.surveyId, surveyId), eq(surveyQuestions.dataName, "place")));

    await markShownQuestions(studyId, ["help", "impact", "remarks", "place"]);
    const columns = await surveyColumns(surveyId, [{ order: 0, blocks: [open("story", 0)] }]);
    const retired = Object.fromEntries(
      columns.filter((c) => c.retired).map((c) => [c.dataName, c.block]),
    );
    expect(retired.help).toEqual({
      type: "multiple_choice",
      data_name: "help",
      order: 0,
      question_text: "Who helped?",
      allow_multiple: false,
      is_required: true,
      options: [],
    });
    expect(retired.impact).toMatchObject({
      type: "scale",
      data_name: "impact",
      question_text: "How big was the impact?",
      min_value: 1,
      max_value: 5,
    });
    expect(retired.remarks).toMatchObject({
      type: "open_question",
      data_name: "remarks",
      question_text: "Anything else?",
    });
    expect(retired.place).toMatchObject({
      type: "multiple_choice",
      data_name: "place",
      question_text: "Where?",
    });
  });

  it("are marked once per survey version: a name marked for a version is not asked about again, a new version asks again", async () => {
    const { studyId } = await insertStudyWithSurvey({ status: "not_started" });
    const { id: surveyId } = await storedSurvey(studyId);
    await save(studyId, sampleSteps());
    const db = await getDb();
    const shown = async () =>
      (
        await db
          .select({ dataName: surveyQuestions.dataName })
          .from(surveyQuestions)
          .where(and(eq(surveyQuestions.surveyId, surveyId), eq(surveyQuestions.inResponses, true)))
          .orderBy(asc(surveyQuestions.dataName))
      ).map((r) => r.dataName);
    const unmarkAll = () =>
      db
        .update(surveyQuestions)
        .set({ inResponses: false })
        .where(eq(surveyQuestions.surveyId, surveyId));
    const { version } = await storedSurvey(studyId);

    await markShownQuestions(studyId, ["story", "help"], undefined, version);
    expect(await shown()).toEqual(["help", "story"]);
    // Undone by hand (nothing in the app does): this process knows both are marked for this
    // version and sends no statement for them; a name it has not marked yet is written.
    await unmarkAll();
    await markShownQuestions(studyId, ["story", "help", "impact"], undefined, version);
    expect(await shown()).toEqual(["impact"]);
    // Inside a caller's transaction nothing is remembered: it could still be rolled back.
    await unmarkAll();
    await db.transaction((tx) => markShownQuestions(studyId, ["place"], tx, version));
    expect(await shown()).toEqual(["place"]);
    await unmarkAll();
    await markShownQuestions(studyId, ["place"], undefined, version);
    expect(await shown()).toEqual(["place"]);
    // A save raises the version, and the next version is asked about afresh.
    await save(studyId, sampleSteps());
    const next = await storedSurvey(studyId);
    expect(next.version).toBeGreaterThan(version);
    await unmarkAll();
    await markShownQuestions(studyId, ["story", "help"], undefined, next.version);
    expect(await shown()).toEqual(["help", "story"]);
  });
});
