// The offline model's honest "I cannot": better than another question's answer, but no answer.
const refusalPhrases = [
  "i can't plan that offline",
  "这个问题我无法离线规划",
  "i can't do this here",
];

/** The refusal phrase an answer contains, if any (apostrophes of either kind). */
export function findRefusal(answer: string): string | undefined {
  const normalised = answer.toLowerCase().replaceAll("’", "'").replaceAll("cannot", "can't");
  return refusalPhrases.find((phrase) => normalised.includes(phrase));
}
