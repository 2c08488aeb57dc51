import { planDegree } from "../planning/plan-degree";
import { questionWords } from "../reading/question-words";
import { defineFamily } from "./define-family";
import { withPropertyLookup } from "./with-property-lookup";

/** "How many friends does Farah have?": one named node's degree (or strength). */
export type DegreeIntent = {
  kind: "degree";
  node: string;
  mode: "all" | "in" | "out";
  strength: boolean;
};

/**
 * Read here: "What is the strength of WH3?", the weighted degree of one named node, before the
 * similarity and path families take its other words. The other readings of one node's degree ("How many neighbours does Farah have?") are node
 * questions (neighbours.ts).
 */
export const degreeFamily = defineFamily<DegreeIntent>({
  kind: "degree",
  read: ({ text, subject }) => {
    if (!questionWords.strength.test(text) || !subject || questionWords.rank.test(text)) {
      return null;
    }
    return [{ kind: "degree", node: subject, mode: "all", strength: true }];
  },
  plan: (context, intent) =>
    withPropertyLookup({
      context,
      node: intent.node,
      otherwise: () => planDegree({ context, ...intent }),
    }),
  title: { en: "Degree", zh: "节点的度" },
});
