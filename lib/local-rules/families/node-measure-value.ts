import type { CentralityMeasure } from "../planning/centrality-measure";
import { planNodeMeasureValue } from "../planning/plan-node-measure-value";
import { englishMeasureNames } from "../reading/phrases-en";
import { chineseMeasureNames } from "../reading/phrases-zh";
import { questionWords } from "../reading/question-words";
import { defineFamily } from "./define-family";

/**
 * "What is Valjean's PageRank?", "n5 的介数中心性是多少？": one named node's score; "Is A's
 * PageRank higher than B's?": two nodes' scores compared.
 */
export type NodeMeasureValueIntent = {
  kind: "node-measure-value";
  nodes: string[];
  measure: CentralityMeasure;
  /** Two nodes compared: whether the question asks if the first scores higher or lower. */
  comparison?: "higher" | "lower";
  /** "Is A's … higher?" wants a yes or no; "Which is higher, A or B?" the node. */
  yesNo?: boolean;
};

const higherWords =
  /\b(?:higher|greater|larger|bigger|more|above)\b|比.{1,30}?(?:高|大|多)|更(?:高|大|多)/i;
const lowerWords = /\b(?:lower|smaller|less|fewer|below)\b|比.{1,30}?(?:低|小|少)|更(?:低|小|少)/i;

function comparisonOf(text: string): "higher" | "lower" | null {
  const lower = lowerWords.exec(text);
  const higher = higherWords.exec(text);
  if (higher && (!lower || higher.index <= lower.index)) return "higher";
  return lower ? "lower" : null;
}

export const nodeMeasureValueFamily = defineFamily<NodeMeasureValueIntent>({
  kind: "node-measure-value",
  read: ({ text, measure, nodeMentions, subject, yesNo }) => {
    // Degree has its own readers (in / out, by link type); this family reads the scores.
    if (!measure || measure === "degree" || !subject) return null;
    if (nodeMentions.length === 2) {
      const comparison = comparisonOf(text);
      if (!comparison) return null;
      return [{ kind: "node-measure-value", nodes: nodeMentions, measure, comparison, yesNo }];
    }
    // A ranking asks for others too ("the highest PageRank among X's neighbours", "top 5 …").
    if (nodeMentions.length !== 1 || questionWords.rank.test(text)) return null;
    if (yesNo) return null;
    return [{ kind: "node-measure-value", nodes: [subject], measure }];
  },
  plan: (context, intent) => planNodeMeasureValue({ context, ...intent }),
  title: {
    en: (intent) =>
      `${englishMeasureNames[intent.measure]} of ${intent.nodes.length === 2 ? "two nodes" : "one node"}`,
    zh: (intent) =>
      `${intent.nodes.length === 2 ? "两个" : "单个"}节点的${chineseMeasureNames[intent.measure]}`,
  },
});
