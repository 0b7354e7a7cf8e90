"use client";

import { useFormatter, useTranslations } from "next-intl";
import type { OwnResponse } from "@/lib/responses/schemas.shared";

/** What a participant submitted, as the lookup returned it. */
export function OwnAnswersList({ response }: { response: OwnResponse }) {
  const t = useTranslations("survey.myAnswers");
  const format = useFormatter();
  // A date without a time of day: shown as that calendar day wherever the reader is.
  const submittedOn = format.dateTime(new Date(`${response.submitted_on}T00:00:00Z`), {
    dateStyle: "long",
    timeZone: "UTC",
  });
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="font-semibold">{t("study")}</dt>
        <dd>{response.study_name}</dd>
        <dt className="font-semibold">{t("submittedOn")}</dt>
        <dd>{submittedOn}</dd>
      </dl>
      {response.answers.length === 0 ? (
        <p>{t("noAnswers")}</p>
      ) : (
        <dl className="space-y-4">
          {response.answers.map((answer, i) => (
            <div key={i} className="rounded-md border border-gray-300 p-4">
              <dt className="font-semibold">{answer.question_text || answer.data_name}</dt>
              <dd className="mt-1">
                {answer.type === "open_question" ? (
                  <p className="whitespace-pre-wrap">{answer.open_answer}</p>
                ) : answer.type === "multiple_choice" ? (
                  <ul className="list-disc pl-6">
                    {answer.selected_options.map((option) => (
                      <li key={option}>{option}</li>
                    ))}
                  </ul>
                ) : (
                  <p>{answer.scale_value}</p>
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
