import { planSpanningTree } from "../planning/plan-spanning-tree";
import { questionWords } from "../reading/question-words";
import { defineFamily } from "./define-family";

/** "What is the minimum spanning tree's total weight?" */
export type SpanningTreeIntent = { kind: "spanning-tree"; maximum: boolean; weightAsked: boolean };

// A minimum spanning tree described rather than named: "the cheapest set of cables that still
// links every site", "仍能连通所有站点的最短线路组合".
const cheapestConnectingSet =
  /\b(?:cheapest|shortest|smallest|minimum|minimal|least[\s-]cost|lightest)\s+(?:possible\s+)?(?:set|selection|subset|collection|network|combination)\s+of\s+\w+\s+(?:that|which|to)\s+(?:would\s+|can\s+|could\s+)?(?:still\s+)?(?:links?|connects?|joins?|reach(?:es)?|spans?|keeps?)\s+(?:\w+\s+)?(?:every|all|each)\b|(?:仍然?|依然|还能|仍能|能够?)(?:连通|连接|覆盖)(?:所有|全部|每个)[^，。？?]{0,12}?(?:最短|最便宜|最省|最少)|(?:最短|最便宜|最省)的?[^，。？?]{0,8}?(?:组合|集合)[^，。？?]{0,12}?(?:连通|连接)(?:所有|全部|每个)/i;

export const spanningTreeFamily = defineFamily<SpanningTreeIntent>({
  kind: "spanning-tree",
  read: ({ text }) => {
    const described = cheapestConnectingSet.test(text);
    if (!questionWords.spanning.test(text) && !described) return null;
    return [
      {
        kind: "spanning-tree",
        maximum: questionWords.maximumTree.test(text),
        weightAsked:
          described ||
          /weight|cost|length|total|\bkm\b|kilomet|\bmiles\b|权重|总|长度|成本|公里/i.test(text),
      },
    ];
  },
  plan: (context, intent) => planSpanningTree({ context, ...intent }),
  title: { en: "Spanning tree", zh: "生成树" },
});
