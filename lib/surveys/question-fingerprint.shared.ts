import type { Answer } from "./answers.shared";
import { matchAnswers } from "./path.shared";
import type { Block, Step } from "./schema.shared";

/**
 * What a question asks, as a short string: its type, data name and text, and the answers it
 * offers (the options in their order; the scale's range and end labels). Two blocks with the same
 * fingerprint ask the same thing, so an answer given to one means the same for the other. Left
 * out: its place in the survey, its ids, whether it is required and when it is shown, which
 * change where and whether it is asked, not what an answer to it means.
 */
export function questionFingerprint(block: Block): string {
  // The tab's answers are kept after every change: each block of the loaded survey is hashed once.
  let fingerprint = fingerprints.get(block);
  if (fingerprint === undefined) {
    fingerprint = hash53(JSON.stringify(asked(block)));
    fingerprints.set(block, fingerprint);
  }
  return fingerprint;
}

const fingerprints = new WeakMap<Block, string>();

/**
 * What each answer's question asks (its fingerprint), in the order of `answers`, matched to the
 * questions as the server matches them: what the runner sends beside the answers, so that a
 * question reworded since is refused rather than stored under words never shown. "" for an
 * answer that fits no question (the server refuses that one anyway).
 */
export function askedFor(steps: readonly Step[], answers: readonly Answer[]): string[] {
  const { answerFor } = matchAnswers(steps, answers);
  const byAnswer = new Map<Answer, string>();
  steps.forEach((step, s) =>
    step.blocks.forEach((block, b) => {
      const answer = answerFor(s, b);
      if (answer) byAnswer.set(answer, questionFingerprint(block));
    }),
  );
  return answers.map((answer) => byAnswer.get(answer) ?? "");
}

function asked(block: Block): unknown[] {
  switch (block.type) {
    case "open_question":
      return [block.type, block.data_name, block.question_text];
    case "multiple_choice":
      return [
        block.type,
        block.data_name,
        block.question_text,
        block.allow_multiple,
        [...block.options].sort((a, b) => a.order - b.order).map((o) => o.text),
      ];
    case "scale":
      return [
        block.type,
        block.data_name,
        block.question_text,
        block.min_value,
        block.max_value,
        block.min_label,
        block.max_label,
      ];
    case "text":
      return [block.type, block.content];
  }
}

/**
 * A 53-bit hash of the text in base 36 (cyrb53): small enough to keep one per answer in the
 * tab, wide enough that two different questions practically never share one. Not a secret: the
 * survey is public.
 */
function hash53(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}
