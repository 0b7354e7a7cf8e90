import { describe, expect, it } from "vitest";
import en from "@/i18n/messages/en";
import nl from "@/i18n/messages/nl";
import { answerProblemMessages } from "@/lib/surveys/validation.shared";

describe("survey texts", () => {
  it("uses the product's texts as written", () => {
    expect(en.survey.problems).toEqual({
      fill_in_answer: "please fill in your answer",
      select_option: "please select at least one option",
      give_answer: "please give your answer",
      fillInRequired: "please fill in all required questions",
    });
    expect(nl.survey.problems.fillInRequired).toBe("Vul alle verplichte vragen in");
    expect(en.survey.done.copied).toBe("token copied to clipboard");
    expect(en.survey.openStudies).toBe("open studies");
  });

  it("gives the server the same required-answer texts as the English interface", () => {
    expect(answerProblemMessages.fill_in_answer).toBe(en.survey.problems.fill_in_answer);
    expect(answerProblemMessages.select_option).toBe(en.survey.problems.select_option);
    expect(answerProblemMessages.give_answer).toBe(en.survey.problems.give_answer);
  });
});
