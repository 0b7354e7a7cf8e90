/** Answers for every question of a survey that pass its rules: the first option, the lowest value. */
export function answersFor(
  survey: { steps: { blocks: Record<string, unknown>[] }[] },
  openAnswer = "bench",
): Record<string, unknown>[] {
  const answers: Record<string, unknown>[] = [];
  for (const step of survey.steps) {
    for (const block of step.blocks) {
      const base = { type: block.type, data_name: block.data_name };
      if (block.type === "open_question") answers.push({ ...base, open_answer: openAnswer });
      if (block.type === "multiple_choice") {
        const options = block.options as { text: string }[];
        answers.push({ ...base, selected_options: [options[0].text] });
      }
      if (block.type === "scale") answers.push({ ...base, scale_value: block.min_value });
    }
  }
  return answers;
}
