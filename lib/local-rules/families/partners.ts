import { planPartners } from "../plan-projection";
import { questionWords } from "../question-words";
import { defineFamily } from "./define-family";
import type { QuestionText } from "./question-text";

/** "With how many other products has products:36 shared an order?" */
export type PartnersIntent = { kind: "partners"; node: string; ask: "count" | "top" };

/** Pairs that go together through a shared neighbour ("bought together"), not an edge. */
export function asksForPairs({ text, pairsAsked }: QuestionText): boolean {
  return questionWords.projection.test(text) && pairsAsked && !questionWords.edgeExists.test(text);
}

/**
 * Read before the projection family: "Which course shares the most students with Databases?"
 * asks for one node's partners, counted or ranked.
 */
export const partnersFamily = defineFamily<PartnersIntent>({
  kind: "partners",
  read: (question) => {
    const { text, subject } = question;
    if (!asksForPairs(question) || !subject) return null;
    const counted = questionWords.count.test(text);
    if (!counted && !questionWords.superlative.test(text)) return null;
    return [{ kind: "partners", node: subject, ask: counted ? "count" : "top" }];
  },
  plan: (context, intent) => planPartners({ context, node: intent.node, ask: intent.ask }),
  title: { en: "Pairs that go together", zh: "经常一起出现的节点对" },
});
