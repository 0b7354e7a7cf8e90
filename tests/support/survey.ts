import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { studies, surveys, type Study } from "@/db/schema";
import type { Step } from "@/lib/surveys/schema.shared";

let ipCounter = 0;

/** A different client address per call, so tests that are not about rate limits never hit them. */
export function nextIp(): string {
  ipCounter += 1;
  return `192.0.2.${ipCounter % 250}`;
}

/** Two steps with every block type; the data names are used by the tests below. */
export function sampleSteps(): Step[] {
  return [
    {
      order: 0,
      blocks: [
        {
          type: "text",
          data_name: "intro",
          order: 0,
          content:
            '<p>Welkom <strong>allemaal</strong><script>alert(1)</script><img src="x" onerror="alert(2)"></p>',
        },
        {
          type: "open_question",
          data_name: "story",
          order: 1,
          question_text: "What happened?",
          is_required: true,
        },
        {
          type: "open_question",
          data_name: "remarks",
          order: 2,
          question_text: "Anything else?",
          is_required: false,
        },
      ],
    },
    {
      order: 1,
      blocks: [
        {
          type: "multiple_choice",
          is_required: true,
          data_name: "place",
          order: 0,
          question_text: "Where?",
          allow_multiple: false,
          options: [
            { order: 0, text: "Home" },
            { order: 1, text: "Work" },
          ],
        },
        {
          type: "multiple_choice",
          is_required: true,
          data_name: "help",
          order: 1,
          question_text: "Who helped?",
          allow_multiple: true,
          options: [
            { order: 0, text: "Friends" },
            { order: 1, text: "Family" },
            { order: 2, text: "Nobody" },
          ],
        },
        {
          type: "scale",
          is_required: true,
          data_name: "impact",
          order: 2,
          question_text: "How big was the impact?",
          min_value: 1,
          max_value: 5,
          min_label: "small",
          max_label: "big",
        },
      ],
    },
  ];
}

/** Answers to `sampleSteps` that pass every rule. */
export function validAnswers() {
  return [
    { type: "open_question", data_name: "story", open_answer: "A very private story 7f3a" },
    { type: "multiple_choice", data_name: "place", selected_options: ["Work"] },
    { type: "multiple_choice", data_name: "help", selected_options: ["Friends", "Family"] },
    { type: "scale", data_name: "impact", scale_value: 4 },
  ];
}

export async function insertStudyWithSurvey(
  o: { name?: string; status?: Study["status"]; steps?: Step[] } = {},
): Promise<{ studyId: number; surveyUuid: string }> {
  const db = await getDb();
  const [study] = await db
    .insert(studies)
    .values({ name: o.name ?? "Survey study", status: o.status ?? "open" })
    .returning({ id: studies.id });
  const [survey] = await db
    .insert(surveys)
    .values({ studyId: study.id, steps: o.steps ?? sampleSteps() })
    .returning({ surveyUuid: surveys.surveyUuid });
  return { studyId: study.id, surveyUuid: survey.surveyUuid };
}

/** The survey row of a study, as stored. */
export async function storedSurvey(studyId: number) {
  const db = await getDb();
  const [row] = await db.select().from(surveys).where(eq(surveys.studyId, studyId));
  return row;
}
