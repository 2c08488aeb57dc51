import { type AnswerPart, emptyPart } from "./answer-document";
import type { CentralityMeasure } from "./detect-intent";
import { formatFigure } from "./format-figures";
import { matchNodeType } from "./node-type-match";
import type { PlanContext, PlannedCall, PlanOutcome } from "./plan-types";
import { type CentralityData, centralityDataSchema, nodeName } from "./result-shapes";
import { planSingleCall } from "./single-call-plan";
import { asksForWeights, weightsNote } from "./weights-request";

/** The node_centrality call for a measure, over-fetching when a node type narrows the list. */
export function centralityCall(input: {
  measure: CentralityMeasure;
  topK: number;
  nodeType: string | null;
  /** Rank on the undirected view (brokers between groups of a directed graph). */
  undirected?: boolean;
  /** Use edge weights (asked for in the question). */
  weighted?: boolean;
}): PlannedCall {
  // node_centrality has no type filter: fetch more and keep the named type's nodes.
  // A type can rank far below others (customers under products in an order graph), so take the
  // tool's maximum list when a type is named.
  const topK = input.nodeType ? 1000 : input.topK;
  return {
    toolName: "node_centrality",
    input: {
      algorithm: input.measure,
      top_k: topK,
      ...(input.undirected ? { undirected: true } : {}),
      ...(input.weighted ? { weighted: true } : {}),
    },
  };
}

/** The ranked nodes of a centrality result, narrowed to a type and cut to k. */
export function rankedNodes(input: {
  data: CentralityData;
  nodeType: string | null;
  topK: number;
}) {
  return input.data.top
    .filter((node) => !input.nodeType || node.type === input.nodeType)
    .slice(0, input.topK);
}

/** Remarks a centrality result carries about how exact it is. */
export function centralityNotes(input: { data: CentralityData; context: PlanContext }): string[] {
  const { data, context } = input;
  const notes: string[] = [];
  if (data.sampled) notes.push(context.phrases.noteSampledBetweenness(data.sources));
  if (data.exact === false && data.note) notes.push(data.note);
  if (data.converged === false) notes.push(context.phrases.noteNotConverged(data.iterations));
  return notes;
}

function writeCentrality(input: {
  context: PlanContext;
  data: CentralityData;
  call: PlannedCall;
  measure: CentralityMeasure;
  topK: number;
  nodeType: string | null;
}): AnswerPart {
  const { context, data, measure, nodeType } = input;
  const p = context.phrases;
  const part = emptyPart({ succeeded: true });
  const rows = rankedNodes({ data, nodeType, topK: input.topK });
  const measureName = p.measureName(measure);
  part.sources.push(`node_centrality ${JSON.stringify(input.call.input)}`);
  part.notes.push(weightsNote({ context, measure, measureName, data }));
  part.notes.push(...centralityNotes({ data, context }));
  if (nodeType) part.notes.push(p.noteTypeFilter(nodeType, data.top.length, rows.length));
  if (rows.length === 0) {
    part.summary.push(p.centralityEmpty(measureName, nodeType));
    return part;
  }
  const leaders = rows
    .slice(0, 3)
    .map((node) => p.scoredNode(nodeName(node), formatFigure(node.score)));
  part.summary.push(
    p.centralitySummary({
      measure: measureName,
      shown: rows.length,
      total: data.node_count,
      leaders,
    }),
  );
  part.sections.push({
    heading: p.centralityHeading(measureName, rows.length, nodeType),
    blocks: [
      {
        kind: "table",
        columns: [p.columnRank, p.columnNode, p.columnType, measureName],
        rows: rows.map((node) => [
          String(node.rank),
          nodeName(node),
          node.type ?? "",
          formatFigure(node.score),
        ]),
      },
    ],
  });
  part.rounded = true;
  part.focusNodeIds = rows.map((node) => node.id);
  part.sizeBy = measure === "degree" || measure === "betweenness" ? measure : "pagerank";
  return part;
}

/** Top-k central nodes: one node_centrality call, then the ranked table. */
export function planCentrality(input: {
  context: PlanContext;
  measure: CentralityMeasure;
  topK: number;
}): PlanOutcome {
  const { context, measure, topK } = input;
  const nodeType = matchNodeType({
    question: context.reading.question,
    nodeTypes: context.graph.description.node_types,
  });
  const weighted = asksForWeights({ question: context.reading.question });
  const call = centralityCall({ measure, topK, nodeType, weighted });
  return planSingleCall({
    context,
    call,
    schema: centralityDataSchema,
    write: (data) => writeCentrality({ context, data, call, measure, topK, nodeType }),
  });
}
