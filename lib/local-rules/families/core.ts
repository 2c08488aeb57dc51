import { planCore } from "../planning/plan-node-structure";
import { parseRequestedCount } from "../reading/question-numbers";
import { questionWords } from "../reading/question-words";
import { defineFamily } from "./define-family";

/** "Which nodes are in the k-core?": the graph's innermost core. */
export type CoreIntent = { kind: "core"; topK: number };

/** After node-structure, which reads one named node's core number and the other structures. */
export const coreFamily = defineFamily<CoreIntent>({
  kind: "core",
  read: ({ text }) => {
    if (!questionWords.core.test(text)) return null;
    return [
      { kind: "core", topK: parseRequestedCount({ question: text, fallback: 10, max: 100 }) },
    ];
  },
  plan: (context, intent) => planCore({ context, topK: intent.topK }),
  title: { en: "Node structure", zh: "节点结构" },
});
