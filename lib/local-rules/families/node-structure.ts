import { planNodeStructure } from "../planning/plan-node-structure";
import { parseRequestedCount } from "../reading/question-numbers";
import { type NodeStructureMetric, questionWords } from "../reading/question-words";
import { defineFamily } from "./define-family";
import type { GraphMetricIntent } from "./graph-metric";
import type { QuestionText } from "./question-text";
import { withPropertyLookup } from "./with-property-lookup";

/** "How many triangles is Farah in?", "Which node has the highest clustering coefficient?" */
export type NodeStructureIntent = {
  kind: "node-structure";
  metric: NodeStructureMetric;
  node: string | null;
  topK: number;
  ascending: boolean;
};

type StructureReading = NodeStructureIntent | GraphMetricIntent;

/**
 * Triangles, clustering, core numbers and eccentricity: a node's value, a ranking, or (with
 * neither a node nor a ranking asked) the whole graph's figure. The core of the whole graph is
 * the core family's, read next.
 */
function readStructure(question: QuestionText): StructureReading[] | null {
  const { text, subject: node } = question;
  const ascending = questionWords.ascending.test(text);
  const of = (metric: NodeStructureMetric, lowestFirst = ascending): StructureReading[] => {
    const topK = parseRequestedCount({ question: text, fallback: 10, max: 100 });
    return [{ kind: "node-structure", metric, node, topK, ascending: lowestFirst }];
  };
  const ranking =
    questionWords.rank.test(text) && !/k[\s-]?cores?|k[\s-]*核|最大核|k 值最大|k值最大/i.test(text);
  if (questionWords.triangles.test(text)) {
    return node || ranking
      ? of("triangles")
      : [{ kind: "graph-metric", metrics: ["triangle_count"] }];
  }
  if (
    questionWords.clustering.test(text) &&
    !/clustering (?:algorithm|into)|聚类(?!系数)/i.test(text)
  ) {
    if (questionWords.transitivity.test(text)) {
      return [{ kind: "graph-metric", metrics: ["transitivity"] }];
    }
    if (node || (ranking && !questionWords.averageWord.test(text))) return of("clustering");
    return [{ kind: "graph-metric", metrics: ["average_clustering"] }];
  }
  if (questionWords.core.test(text)) return node ? of("core_number", false) : null;
  return questionWords.eccentricity.test(text) ? of("eccentricity") : null;
}

export const nodeStructureFamily = defineFamily<NodeStructureIntent, StructureReading>({
  kind: "node-structure",
  read: readStructure,
  plan: (context, intent) =>
    withPropertyLookup({
      context,
      node: intent.node,
      otherwise: () => planNodeStructure({ context, ...intent }),
    }),
  title: { en: "Node structure", zh: "节点结构" },
});
