import { planEdgeRanking } from "../planning/plan-edge-ranking";
import { parseRequestedCount } from "../reading/question-numbers";
import { questionWords } from "../reading/question-words";
import { defineFamily } from "./define-family";

/** "What is the longest nonstop route?": single edges ranked by weight. */
export type EdgeRankingIntent = { kind: "edge-ranking"; ascending: boolean; topK: number };

export const edgeRankingFamily = defineFamily<EdgeRankingIntent>({
  kind: "edge-ranking",
  // With a named node it is a path ("the shortest route to MIA").
  read: ({ text, nodeMentions, measure }) => {
    if (!questionWords.edgeSuperlative.test(text) || /\bpaths?\b|路径/i.test(text)) return null;
    // "Which port sits on the most shortest routes? I mean betweenness": a node measure named
    // makes the routes the paths it counts, not edges to rank.
    if (measure && measure !== "degree") return null;
    if (nodeMentions.length > 0) return null;
    return [
      {
        kind: "edge-ranking",
        ascending: questionWords.edgeAscending.test(text),
        topK: parseRequestedCount({ question: text, fallback: 5, max: 100 }),
      },
    ];
  },
  plan: (context, intent) => planEdgeRanking({ context, ...intent }),
  title: { en: "Edges by weight", zh: "按权重排序的边" },
});
