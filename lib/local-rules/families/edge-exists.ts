import { planEdgeExists } from "../planning/plan-edge-exists";
import { questionWords } from "../reading/question-words";
import { defineFamily } from "./define-family";

/** "Is Valjean linked to Javert?": whether an edge joins two named nodes. */
export type EdgeExistsIntent = {
  kind: "edge-exists";
  source: string | null;
  target: string | null;
};

/**
 * Read here when the question has a word for an edge; any other yes/no about two named nodes
 * ("members:21 借过 books:6 吗？") is read as one among the node questions (neighbours.ts).
 */
export const edgeExistsFamily = defineFamily<EdgeExistsIntent>({
  kind: "edge-exists",
  read: ({ text, yesNo, twoNodes, endpoints }) => {
    if (!yesNo || !twoNodes || !questionWords.edgeExists.test(text)) return null;
    return [{ kind: "edge-exists", ...endpoints }];
  },
  plan: (context, intent) => planEdgeExists({ context, ...intent }),
  title: { en: "Is there an edge?", zh: "是否存在边" },
});
