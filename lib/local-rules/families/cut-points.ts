import { type CutAsk, type CutKind, planCutPoints } from "../plan-cut-points";
import { questionWords } from "../question-words";
import { defineFamily } from "./define-family";

/** "Are there any bridges in the route network?": edges or nodes whose removal splits it. */
export type CutPointsIntent = { kind: "cut-points"; what: CutKind; ask: CutAsk };

export const cutPointsFamily = defineFamily<CutPointsIntent>({
  kind: "cut-points",
  // "Which airports are single points of failure?": cuts of the whole graph.
  read: ({ text, yesNo }) => {
    const cutEdges = questionWords.cutEdges.test(text);
    if (!cutEdges && !questionWords.articulation.test(text)) return null;
    return [
      {
        kind: "cut-points",
        what: cutEdges ? "bridges" : "articulation",
        ask: yesNo ? "exists" : questionWords.count.test(text) ? "count" : "list",
      },
    ];
  },
  plan: (context, intent) => planCutPoints({ context, ...intent }),
  title: {
    en: (intent) => (intent.what === "bridges" ? "Bridges" : "Articulation points"),
    zh: (intent) => (intent.what === "bridges" ? "桥边" : "割点"),
  },
});
