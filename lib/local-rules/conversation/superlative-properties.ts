// Superlatives that name a property by an adjective or a verb: "the oldest" is the highest age,
// "earns the most" the highest salary. A follow-up is read into the property's own word, so the
// aggregate grammar ranks the previous set by the property the schema names.

const readings: [RegExp, (word: string) => string][] = [
  [
    /\b(?:is|are|was|were)\s+(?:the\s+)?(oldest|youngest)\b/i,
    (word) => `has the ${extreme(word)} age`,
  ],
  [/\b(?:the\s+)?(oldest|youngest)\b/i, (word) => `the ${extreme(word)} age`],
  [
    /\b(?:earns?|earned|is paid|gets paid|makes)\s+the\s+(most|least)\b/i,
    (word) => `has the ${extreme(word)} salary`,
  ],
  [
    /\b(?:is|are)\s+the\s+(most|least)\s+populous\b/i,
    (word) => `has the ${extreme(word)} population`,
  ],
  [
    /\b(?:is|are)\s+the\s+(cheapest|priciest|most expensive)\b/i,
    (word) => `has the ${extreme(word)} price`,
  ],
];

function extreme(word: string): "highest" | "lowest" {
  return /^(?:youngest|least|cheapest)$/i.test(word) ? "lowest" : "highest";
}

/** The question with a property superlative said by its adjective read as the property's. */
export function withPropertySuperlative(question: string): string {
  for (const [pattern, replace] of readings) {
    const match = pattern.exec(question);
    if (match) return question.replace(match[0], replace(match[1]));
  }
  return question;
}
