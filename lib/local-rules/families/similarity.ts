import { planSimilarity } from "../planning/plan-similarity";
import { similarityMetricOf } from "../reading/question-arguments";
import { parseRequestedCount } from "../reading/question-numbers";
import { questionWords, type SimilarityMetric } from "../reading/question-words";
import { defineFamily } from "./define-family";

/** "Which nodes are most similar to Farah?", "Which unlinked pair is most likely to connect?" */
export type SimilarityIntent = {
  kind: "similarity";
  metric: SimilarityMetric;
  node: string | null;
  likelyLinks: boolean;
  topK: number;
  /** "The Jaccard similarity of a12 and a21": the score of this pair (with `node`). */
  other?: string;
};

// "Which node is most similar to …", "the top 5 …": a ranking, even with two names.
const rankingWords = /\b(?:most|least|top|best|highest|lowest|rank\w*)\b|最|前\s*\d|排名|哪/i;

export const similarityFamily = defineFamily<SimilarityIntent>({
  kind: "similarity",
  read: ({ text, subject, endpoints, twoNodes }) => {
    const likely = questionWords.likelyLinks.test(text);
    if (!likely && !questionWords.similarity.test(text)) return null;
    // "What is the Jaccard similarity of Kingsbridge and Cathedral Square?", "a12 和 a21 的
    // Jaccard 相似度是多少？": two named nodes and no ranking ask for that pair's score.
    if (!likely && twoNodes && endpoints.source && endpoints.target && !rankingWords.test(text)) {
      return [
        {
          kind: "similarity",
          metric: similarityMetricOf(text, false),
          node: endpoints.source,
          likelyLinks: false,
          topK: 1000,
          other: endpoints.target,
        },
      ];
    }
    return [
      {
        kind: "similarity",
        metric: similarityMetricOf(text, likely),
        node: likely ? null : subject,
        likelyLinks: likely,
        topK: parseRequestedCount({ question: text, fallback: 10, max: 100 }),
      },
    ];
  },
  plan: (context, intent) => planSimilarity({ context, ...intent }),
  title: {
    en: (intent) => (intent.likelyLinks ? "Likely links" : "Similar nodes"),
    zh: (intent) => (intent.likelyLinks ? "可能的新连接" : "相似节点"),
  },
});
