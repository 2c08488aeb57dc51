import { searchableText } from "../knowledge/searchable-text";

const stopWords = new Set(
  "a an and are as at be by for from has have i in is it of on or our that the this to was we with you your".split(
    " ",
  ),
);

function terms(text: string): Set<string> {
  return new Set(
    searchableText({ text: text.toLowerCase() })
      .split(/[^\p{L}\p{N}:#_-]+/u)
      .map((term) => term.replace(/(?:ing|es|s)$/, ""))
      .filter((term) => term.length > 1 && !stopWords.has(term)),
  );
}

/** How many of the memory's terms the question shares (0 = unrelated to it). */
export function relevanceToQuestion(input: { memory: string; question: string }): number {
  const question = terms(input.question);
  let shared = 0;
  for (const term of terms(input.memory)) if (question.has(term)) shared++;
  return shared;
}
