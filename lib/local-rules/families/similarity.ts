import { planSimilarity } from "../plan-similarity";
import { similarityMetricOf } from "../question-arguments";
import { parseRequestedCount } from "../question-numbers";
import { questionWords, type SimilarityMetric } from "../question-words";
import { defineFamily } from "./define-family";

/** "Which nodes are most similar to Farah?", "Which unlinked pair is most likely to connect?" */
export type SimilarityIntent = {
  kind: "similarity";
  metric: SimilarityMetric;
  node: string | null;
  likelyLinks: boolean;
  topK: number;
};

export const similarityFamily = defineFamily<SimilarityIntent>({
  kind: "similarity",
  read: ({ text, subject }) => {
    const likely = questionWords.likelyLinks.test(text);
    if (!likely && !questionWords.similarity.test(text)) return null;
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
