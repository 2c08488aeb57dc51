import { planComponents } from "../planning/plan-graph-metrics";
import { planStrongComponents } from "../planning/plan-strong-components";
import { questionWords } from "../reading/question-words";
import { defineFamily } from "./define-family";

/** "How many connected components are there?", "How big is the largest one?" */
export type ComponentsIntent = {
  kind: "components";
  strong: boolean;
  weak: boolean;
  ask: "count" | "largest";
};

export const componentsFamily = defineFamily<ComponentsIntent>({
  kind: "components",
  read: ({ text }) => {
    if (!questionWords.components.test(text)) return null;
    return [
      {
        kind: "components",
        strong: questionWords.strong.test(text),
        weak: questionWords.weak.test(text),
        ask: questionWords.largest.test(text) ? "largest" : "count",
      },
    ];
  },
  // Strongly connected components exist only on a directed graph; elsewhere they are the
  // connected ones.
  plan: (context, intent) =>
    intent.strong && context.graph.description.directed === true
      ? planStrongComponents({ context, ask: intent.ask })
      : planComponents({ context, ask: intent.ask }),
  title: { en: "Connected components", zh: "连通分量" },
});
