import { readGraphSchema } from "../reading/graph-schema";
import { ignoresDirection } from "../reading/ignored-direction";
import type { ResolvedNode } from "../reading/resolve-node-names";
import { type AnswerPart, emptyPart } from "../writing/answer-document";
import { inLanguage } from "../writing/answer-language";
import { formatFigure } from "../writing/format-figures";
import { type NodeScoresData, nodeName, nodeScoresDataSchema } from "../writing/result-shapes";
import type { CentralityMeasure } from "./centrality-measure";
import { centralityNotes } from "./plan-centrality";
import type { PlanContext, PlanOutcome } from "./plan-types";
import { callSource, planOnNodes } from "./plan-with-nodes";
import { asksForWeights, weighingProperty, weightsNote } from "./weights-request";

type ScoredRow = NodeScoresData["nodes"][number];

/**
 * "What is Keldmoor's closeness centrality?": a named node's score and its rank among all nodes,
 * from node_centrality's node_ids — the whole graph's measure read for that node, not a ranking
 * whose lead names someone else. With two nodes and a comparison ("Is A's PageRank higher than
 * B's?") both scores are read from the same run and the answer says which is higher.
 */
export function planNodeMeasureValue(input: {
  context: PlanContext;
  nodes: string[];
  measure: CentralityMeasure;
  comparison?: "higher" | "lower";
  yesNo?: boolean;
}): PlanOutcome {
  const { context, measure } = input;
  const question = context.reading.question;
  const schemaStep = readGraphSchema(context);
  if (schemaStep.kind !== "ready") return schemaStep.outcome;
  const weighedBy = weighingProperty({ context, schema: schemaStep.schema });
  const weighted = asksForWeights({ question }) || weighedBy !== null;
  const directed = context.graph.description.directed === true;
  const measureName = context.phrases.measureName(measure);
  return planOnNodes({
    context,
    names: input.nodes,
    missing: { en: "Which node?", zh: "请说明是哪个节点。" },
    call: (nodes) => ({
      toolName: "node_centrality",
      input: {
        algorithm: measure,
        node_ids: nodes.map((node) => node.id),
        ...(weighted ? { weighted: true } : {}),
        ...(weighedBy && weighedBy !== "weight" ? { weight_property: weighedBy } : {}),
        ...(directed && ignoresDirection(question) ? { undirected: true } : {}),
      },
    }),
    schema: nodeScoresDataSchema,
    write: (data, nodes, call) => {
      const part = emptyPart({ succeeded: true });
      part.sources.push(callSource(call));
      const rows = nodes.map((node) => data.nodes.find((row) => row.id === node.id));
      const missing = nodes.find((_, index) => !rows[index]);
      if (missing) return notReported({ context, part, measureName, node: missing });
      const scored = rows as ScoredRow[];
      part.summary.push(
        scored.length === 2 && input.comparison
          ? comparedLead({
              context,
              measureName,
              rows: scored,
              comparison: input.comparison,
              yesNo: input.yesNo === true,
            })
          : valueLead({ context, measureName, row: scored[0], nodeCount: data.node_count }),
      );
      part.notes.push(
        ...[
          weightsNote({ context, measure, measureName, data }),
          ...centralityNotes({ data: { ...data, top: [] }, context }),
        ].filter((note) => note.length > 0),
      );
      part.focusNodeIds = nodes.map((node) => node.id);
      return part;
    },
  });
}

function notReported(input: {
  context: PlanContext;
  part: AnswerPart;
  measureName: string;
  node: ResolvedNode;
}): AnswerPart {
  const { context, part, measureName, node } = input;
  part.succeeded = false;
  part.summary.push(
    inLanguage(context, {
      en: `The ${measureName} of ${node.id} was not reported.`,
      zh: `没有得到 ${node.id} 的${measureName}。`,
    }),
  );
  return part;
}

function valueLead(input: {
  context: PlanContext;
  measureName: string;
  row: ScoredRow;
  nodeCount: number | undefined;
}): string {
  const { context, measureName, row, nodeCount } = input;
  const of = nodeCount
    ? { en: ` of ${nodeCount}`, zh: `（共 ${nodeCount} 个节点）` }
    : { en: "", zh: "" };
  const rank =
    row.rank === null
      ? { en: "", zh: "" }
      : { en: ` (rank ${row.rank}${of.en})`, zh: `，排第 ${row.rank} 名${of.zh}` };
  return inLanguage(context, {
    en: `The ${measureName} of ${nodeName(row)} is ${formatFigure(row.score)}${rank.en}.`,
    zh: `${nodeName(row)} 的${measureName}为 ${formatFigure(row.score)}${rank.zh}。`,
  });
}

// The yes / no follows the question's own order: "Is A's … higher than B's?" is yes when A
// scores higher; "lower" asks the reverse. Equal scores answer no to both.
function comparedLead(input: {
  context: PlanContext;
  measureName: string;
  rows: ScoredRow[];
  comparison: "higher" | "lower";
  yesNo: boolean;
}): string {
  const { context, measureName } = input;
  const [first, second] = input.rows;
  const asked =
    input.comparison === "higher" ? first.score > second.score : first.score < second.score;
  const [top, other] = first.score >= second.score ? [first, second] : [second, first];
  const figures = `${nodeName(top)} ${formatFigure(top.score)}, ${nodeName(other)} ${formatFigure(other.score)}`;
  if (first.score === second.score) {
    return inLanguage(context, {
      en: `No — ${nodeName(first)} and ${nodeName(second)} have the same ${measureName} (${formatFigure(first.score)}).`,
      zh: `否——${nodeName(first)} 和 ${nodeName(second)} 的${measureName}相同（${formatFigure(first.score)}）。`,
    });
  }
  if (!input.yesNo) {
    return inLanguage(context, {
      en: `${nodeName(top)} has the higher ${measureName} (${figures}).`,
      zh: `${nodeName(top)} 的${measureName}更高（${figures}）。`,
    });
  }
  return inLanguage(context, {
    en: `${asked ? "Yes" : "No"} — ${nodeName(top)} has the higher ${measureName} (${figures}).`,
    zh: `${asked ? "是的" : "否"}——${nodeName(top)} 的${measureName}更高（${figures}）。`,
  });
}
