import { describeNames } from "./judge-entity";
import { mentionsAny } from "./name-mentions";
import type { EntitiesExpect } from "./question-bank-schema";
import { findNameEvidence } from "./tool-result-evidence";
import { type JudgedAnswer, right, type Verdict, wrong } from "./verdict";

/** Several values: at least `min_hits` named anywhere in the answer (lists and tables count) and held by a tool result. */
export function judgeEntities(input: { expect: EntitiesExpect; judged: JudgedAnswer }): Verdict {
  const { expect, judged } = input;
  const namesOf = (value: string) => [value, ...(expect.aliases[value] ?? [])];
  const named = expect.values.filter((value) =>
    mentionsAny({ text: judged.answer, names: namesOf(value) }),
  );
  if (named.length < expect.min_hits) {
    const missing = expect.values.filter((value) => !named.includes(value));
    return wrong(
      `names ${named.length} of the values, ${expect.min_hits} needed (not named: ${missing.map((value) => describeNames(namesOf(value))).join(", ")})`,
    );
  }
  const held = named.filter((value) =>
    findNameEvidence({ toolCalls: judged.toolCalls, names: namesOf(value) }),
  );
  if (held.length < expect.min_hits) {
    return wrong(
      `names ${named.join(", ")}, but only ${held.length} of them appear in a successful tool result (${expect.min_hits} needed)`,
    );
  }
  return right(`names ${named.join(", ")} (${expect.min_hits} needed), all from tool results`);
}
