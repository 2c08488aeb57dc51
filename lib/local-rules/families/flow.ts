import { planFlow } from "../planning/plan-flow";
import { questionWords } from "../reading/question-words";
import { defineFamily } from "./define-family";

/** "How many edge-disjoint paths join SEA and MIA?": the maximum flow between two nodes. */
export type FlowIntent = {
  kind: "flow";
  source: string | null;
  target: string | null;
  disjoint: boolean;
};

export const flowFamily = defineFamily<FlowIntent>({
  kind: "flow",
  read: ({ text, endpoints }) => {
    if (!questionWords.flow.test(text)) return null;
    const { source, target } = endpoints;
    return [{ kind: "flow", source, target, disjoint: questionWords.disjoint.test(text) }];
  },
  plan: (context, intent) => planFlow({ context, ...intent }),
  title: { en: "Maximum flow", zh: "最大流" },
});
