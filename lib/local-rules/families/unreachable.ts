import { planUnreachable } from "../planning/plan-unreachable";
import { questionWords } from "../reading/question-words";
import { defineFamily } from "./define-family";

/** "Which airports are not reachable from JFK?": nodes outside the node's component. */
export type UnreachableIntent = { kind: "unreachable"; node: string };

export const unreachableFamily = defineFamily<UnreachableIntent>({
  kind: "unreachable",
  read: ({ text, nodeMentions, subject }) => {
    if (nodeMentions.length >= 2 || !questionWords.unreachableFrom.test(text)) return null;
    return subject ? [{ kind: "unreachable", node: subject }] : null;
  },
  plan: (context, intent) => planUnreachable({ context, node: intent.node }),
  title: { en: "Unreachable nodes", zh: "无法到达的节点" },
});
