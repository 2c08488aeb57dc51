import { planSpanningTree } from "../planning/plan-spanning-tree";
import { questionWords } from "../reading/question-words";
import { defineFamily } from "./define-family";

/** "What is the minimum spanning tree's total weight?" */
export type SpanningTreeIntent = { kind: "spanning-tree"; maximum: boolean; weightAsked: boolean };

export const spanningTreeFamily = defineFamily<SpanningTreeIntent>({
  kind: "spanning-tree",
  read: ({ text }) => {
    if (!questionWords.spanning.test(text)) return null;
    return [
      {
        kind: "spanning-tree",
        maximum: questionWords.maximumTree.test(text),
        weightAsked: /weight|cost|length|total|权重|总|长度|成本/i.test(text),
      },
    ];
  },
  plan: (context, intent) => planSpanningTree({ context, ...intent }),
  title: { en: "Spanning tree", zh: "生成树" },
});
