import { projectionDataSchema } from "./analysis-result-shapes";
import { emptyPart } from "./answer-document";
import { inLanguage } from "./answer-language";
import { formatFigure } from "./format-figures";
import { readGraphSchema } from "./graph-schema";
import { planSimilarity } from "./plan-similarity";
import type { PlanContext, PlanOutcome } from "./plan-types";
import { callSource, missingPart } from "./plan-with-nodes";
import { namedNodeTypes, namedValues } from "./question-scope";
import { planSingleCall } from "./single-call-plan";

function pairName(id: string, label: string | undefined): string {
  return label && label !== id ? `${label} (${id})` : id;
}

/**
 * "Which products are bought together", "which authors co-wrote": the pairs of one node type
 * that share the most neighbours of another (project_graph). On a graph with one node type the
 * same question is about shared neighbours, so it is answered by common-neighbour similarity.
 */
export function planProjection(input: { context: PlanContext; topK: number }): PlanOutcome {
  const { context } = input;
  const schemaStep = readGraphSchema(context);
  if (schemaStep.kind !== "ready") return schemaStep.outcome;
  const { schema } = schemaStep;
  const question = context.reading.question;
  if (schema.node_types.length < 2) {
    return planSimilarity({
      context,
      metric: "common_neighbors",
      node: null,
      likelyLinks: false,
      topK: input.topK,
    });
  }
  const types = namedNodeTypes(question, schema);
  const kept = types[0] ?? namedValues({ question, schema })[0]?.nodeType;
  if (!kept) {
    return {
      kind: "done",
      part: missingPart(context, {
        en: `Which kind of node should be paired? The graph has ${schema.node_types.map((type) => type.name).join(", ")}.`,
        zh: `要配对哪一类节点？图中有 ${schema.node_types.map((type) => type.name).join("、")}。`,
      }),
    };
  }
  // Products meet only orders: the one type they link to is what they share, said by name.
  const linked = [
    ...new Set(
      schema.edge_types.flatMap((type) => [
        ...(type.from.includes(kept) ? type.to : []),
        ...(type.to.includes(kept) ? type.from : []),
      ]),
    ),
  ].filter((type) => type !== kept);
  const via = types.find((type) => type !== kept) ?? (linked.length === 1 ? linked[0] : undefined);
  const call = {
    toolName: "project_graph",
    input: {
      node_type: kept,
      top_k: Math.max(input.topK, 10),
      ...(via ? { via_node_type: via } : {}),
    },
  };
  return planSingleCall({
    context,
    call,
    schema: projectionDataSchema,
    write: (data) => {
      const part = emptyPart({ succeeded: true });
      part.sources.push(callSource(call));
      const best = data.pairs[0];
      if (!best) {
        part.summary.push(
          inLanguage(context, {
            en: `No two ${data.node_type} share ${data.via}.`,
            zh: `没有两个 ${data.node_type} 共享 ${data.via}。`,
          }),
        );
        return part;
      }
      const a = pairName(best.source, best.source_label);
      const b = pairName(best.target, best.target_label);
      const shared = best.shared ?? best.weight;
      part.summary.push(
        inLanguage(context, {
          en: `${a} and ${b} go together most often: they share ${formatFigure(shared)} ${data.via}.`,
          zh: `${a} 和 ${b} 最常一起出现：它们共享 ${formatFigure(shared)} 个 ${data.via}。`,
        }),
      );
      part.sections.push({
        heading: inLanguage(context, {
          en: `${data.node_type} pairs by shared ${data.via}`,
          zh: `按共享 ${data.via} 排序的 ${data.node_type} 节点对`,
        }),
        blocks: [
          {
            kind: "table",
            columns: [
              "#",
              inLanguage(context, { en: "Pair", zh: "节点对" }),
              inLanguage(context, { en: `Shared ${data.via}`, zh: `共享 ${data.via}` }),
            ],
            rows: data.pairs.map((pair) => [
              String(pair.rank),
              `${pairName(pair.source, pair.source_label)} – ${pairName(pair.target, pair.target_label)}`,
              formatFigure(pair.shared ?? pair.weight),
            ]),
          },
        ],
      });
      part.notes.push(
        inLanguage(context, {
          en: `${data.edge_count} pairs of ${data.node_type} share at least one of ${data.via}.`,
          zh: `共有 ${data.edge_count} 对 ${data.node_type} 至少共享一个 ${data.via}。`,
        }),
      );
      part.focusNodeIds = [...new Set(data.pairs.flatMap((pair) => [pair.source, pair.target]))];
      return part;
    },
  });
}
