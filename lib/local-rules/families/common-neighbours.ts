import { type CommonNeighboursAsk, planCommonNeighbours } from "../plan-common-neighbours";
import { questionWords } from "../question-words";
import { defineFamily } from "./define-family";

/** "How many co-authors do r05 and r07 have in common?": the neighbours two nodes share. */
export type CommonNeighboursIntent = {
  kind: "common-neighbours";
  source: string;
  target: string;
  ask: CommonNeighboursAsk;
};

export const commonNeighboursFamily = defineFamily<CommonNeighboursIntent>({
  kind: "common-neighbours",
  read: ({ text, yesNo, endpoints: { source, target } }) => {
    if (!source || !target || !questionWords.sharedNeighbours.test(text)) return null;
    // "Which two people are most likely to connect, by common neighbours?" is a similarity.
    if (questionWords.likelyLinks.test(text)) return null;
    return [
      {
        kind: "common-neighbours",
        source,
        target,
        ask: yesNo ? "exists" : questionWords.count.test(text) ? "count" : "list",
      },
    ];
  },
  plan: (context, intent) => planCommonNeighbours({ context, ...intent }),
  title: { en: "Neighbours in common", zh: "共同邻居" },
});
