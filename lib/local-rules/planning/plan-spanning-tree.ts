import { spanningTreeDataSchema } from "../writing/analysis-result-shapes";
import { emptyPart } from "../writing/answer-document";
import { inLanguage } from "../writing/answer-language";
import { formatFigure } from "../writing/format-figures";
import type { PlanContext, PlanOutcome } from "./plan-types";
import { callSource } from "./plan-with-nodes";
import { planSingleCall } from "./single-call-plan";

/** A minimum (or maximum) spanning forest: its edge count, trees and total weight. */
export function planSpanningTree(input: {
  context: PlanContext;
  maximum: boolean;
  weightAsked: boolean;
}): PlanOutcome {
  const { context, maximum } = input;
  const weighted = context.graph.description.weighted === true;
  const call = {
    toolName: "spanning_tree",
    input: { weighted, ...(maximum ? { maximum: true } : {}) },
  };
  return planSingleCall({
    context,
    call,
    schema: spanningTreeDataSchema,
    write: (data) => {
      const part = emptyPart({ succeeded: true });
      part.sources.push(callSource(call));
      const kind = inLanguage(context, {
        en: maximum ? "maximum" : "minimum",
        zh: maximum ? "最大" : "最小",
      });
      const forest = data.tree_count > 1;
      if (input.weightAsked && weighted) {
        part.summary.push(
          inLanguage(context, {
            en: `The ${kind} spanning ${forest ? "forest" : "tree"} has a total weight of ${formatFigure(data.total_weight)}, over ${data.edge_count} edges.`,
            zh: `${kind}生成${forest ? "森林" : "树"}的总权重为 ${formatFigure(data.total_weight)}，共 ${data.edge_count} 条边。`,
          }),
        );
      } else {
        part.summary.push(
          inLanguage(context, {
            en: `A spanning ${forest ? `forest of the graph has ${data.edge_count} edges (${data.tree_count} trees)` : `tree of the graph has ${data.edge_count} edges`}.`,
            zh: `该图的生成${forest ? `森林共有 ${data.edge_count} 条边（${data.tree_count} 棵树）` : `树共有 ${data.edge_count} 条边`}。`,
          }),
        );
        if (weighted) {
          part.notes.push(
            inLanguage(context, {
              en: `Its total weight (${kind}) is ${formatFigure(data.total_weight)}.`,
              zh: `其总权重（${kind}）为 ${formatFigure(data.total_weight)}。`,
            }),
          );
        }
      }
      part.notes.push(
        inLanguage(context, {
          en: `Every spanning forest has nodes − components = ${data.node_count ?? "?"} − ${data.tree_count} edges.`,
          zh: `任何生成森林的边数都等于节点数减连通分量数：${data.node_count ?? "?"} − ${data.tree_count}。`,
        }),
      );
      if (data.edges.length > 0) {
        part.sections.push({
          heading: inLanguage(context, {
            en: weighted ? "Heaviest tree edges" : "Some tree edges",
            zh: weighted ? "权重最大的树边" : "部分树边",
          }),
          blocks: [
            {
              kind: "table",
              columns: [
                inLanguage(context, { en: "From", zh: "起点" }),
                inLanguage(context, { en: "To", zh: "终点" }),
                inLanguage(context, { en: "Weight", zh: "权重" }),
              ],
              rows: data.edges.map((edge) => [edge.source, edge.target, formatFigure(edge.weight)]),
            },
          ],
        });
      }
      return part;
    },
  });
}
