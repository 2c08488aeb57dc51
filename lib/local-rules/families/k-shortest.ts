import { planKShortest } from "../planning/plan-k-shortest";
import { kShortestArguments } from "../reading/question-arguments";
import { questionWords } from "../reading/question-words";
import { type CentralityIntent, readMeasureBesidePathWords } from "./centrality";
import { defineFamily } from "./define-family";
import { severalPaths } from "./walk-words";

/** "What are the 3 shortest routes from SEA to MIA?" */
export type KShortestIntent = {
  kind: "k-shortest";
  source: string | null;
  target: string | null;
  k: number;
  /** "How many hops does the third one have": which path the answer leads with. */
  ordinal: number | null;
  weighted: boolean;
};

export const kShortestFamily = defineFamily<KShortestIntent, KShortestIntent | CentralityIntent>({
  kind: "k-shortest",
  read: (question) => {
    const measureRanking = readMeasureBesidePathWords(question);
    if (measureRanking) return measureRanking;
    const { text, endpoints } = question;
    // "the 3 quickest routes", "最快的 3 条路线": ranked by another measure than "shortest".
    const ranked = severalPaths(text);
    if (!questionWords.kShortest.test(text) && ranked === null) return null;
    const asked = kShortestArguments(text);
    const k =
      ranked !== null ? Math.max(2, Math.min(Math.max(ranked, asked.ordinal ?? 0), 20)) : asked.k;
    return [
      {
        kind: "k-shortest",
        source: endpoints.source,
        target: endpoints.target,
        k,
        ordinal: asked.ordinal,
        weighted: questionWords.weighted.test(text),
      },
    ];
  },
  plan: (context, intent) => planKShortest({ context, ...intent }),
  title: { en: "Shortest paths", zh: "最短路径" },
});
