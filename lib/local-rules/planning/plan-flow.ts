import { readGraphSchema } from "../reading/graph-schema";
import { flowDataSchema } from "../writing/analysis-result-shapes";
import { emptyPart } from "../writing/answer-document";
import { inLanguage } from "../writing/answer-language";
import { formatFigure } from "../writing/format-figures";
import { namedEdgeProperty } from "./named-edge-property";
import type { PlanContext, PlanOutcome } from "./plan-types";
import { callSource, planOnNodes } from "./plan-with-nodes";

/**
 * Maximum flow between two nodes (flow_analysis). With capacity 1 per edge the flow is the
 * number of edge-disjoint paths (Menger), which is what "how many independent routes" asks;
 * a weighted graph's flow uses the weights as capacities unless disjoint paths are asked, and a
 * link property the question names ("the tonnes as capacity") is the capacity on any graph.
 */
export function planFlow(input: {
  context: PlanContext;
  source: string | null;
  target: string | null;
  disjoint: boolean;
}): PlanOutcome {
  const { context, disjoint } = input;
  const graphWeighted = context.graph.description.weighted === true;
  // "Using the export value as capacity": a named link property; disjoint paths carry 1 each.
  let capacity: string | null = null;
  if (!disjoint) {
    const schemaStep = readGraphSchema(context);
    if (schemaStep.kind !== "ready") return schemaStep.outcome;
    capacity =
      namedEdgeProperty({
        question: context.reading.question,
        schema: schemaStep.schema,
        graphWeighted,
      }) ?? (graphWeighted ? "weight" : null);
  }
  const useWeights = capacity !== null;
  const capacityName = capacity === "weight" ? null : capacity;
  return planOnNodes({
    context,
    names: [input.source, input.target],
    missing: {
      en: 'I need a source and a target node, e.g. "the maximum flow from n0 to n33".',
      zh: "请给出源点和汇点，例如“n0 到 n33 的最大流”。",
    },
    call: ([from, to]) => ({
      toolName: "flow_analysis",
      input: {
        source: from.id,
        target: to.id,
        ...(capacity ? { capacity_property: capacity } : {}),
      },
    }),
    schema: flowDataSchema,
    write: (data, [from, to], call) => {
      const part = emptyPart({ succeeded: true });
      part.sources.push(callSource(call));
      const value = formatFigure(data.max_flow);
      part.summary.push(
        disjoint || !useWeights
          ? inLanguage(context, {
              en: `${value} edge-disjoint paths connect ${from.id} and ${to.id} (the maximum flow with capacity 1 per edge is ${value}).`,
              zh: `${from.id} 和 ${to.id} 之间有 ${value} 条边不相交的路径（每条边容量为 1 时的最大流为 ${value}）。`,
            })
          : inLanguage(context, {
              en: `The maximum flow from ${from.id} to ${to.id} is ${value}, with ${capacityName ? `each edge's ${capacityName}` : "the edge weights"} as capacities.`,
              zh: `以${capacityName ? `边的 ${capacityName} ` : "边权重"}为容量，从 ${from.id} 到 ${to.id} 的最大流为 ${value}。`,
            }),
      );
      if (data.cut_edges.length > 0) {
        part.sections.push({
          heading: inLanguage(context, {
            en: `A minimum cut (${data.cut_edge_count ?? data.cut_edges.length} edges)`,
            zh: `最小割（${data.cut_edge_count ?? data.cut_edges.length} 条边）`,
          }),
          blocks: [
            {
              kind: "table",
              columns: [
                inLanguage(context, { en: "From", zh: "起点" }),
                inLanguage(context, { en: "To", zh: "终点" }),
              ],
              rows: data.cut_edges.map((edge) => [edge.source, edge.target]),
            },
          ],
        });
      }
      part.focusNodeIds = [from.id, to.id];
      return part;
    },
  });
}
