import { readGraphSchema } from "../reading/graph-schema";
import { namedNodeTypes } from "../reading/question-scope";
import type { SimilarityMetric } from "../reading/question-words";
import { metricNames, pairName, viaTypeFor } from "../reading/similarity-pair-words";
import { similarityDataSchema } from "../writing/analysis-result-shapes";
import { emptyPart } from "../writing/answer-document";
import { inLanguage } from "../writing/answer-language";
import { formatFigure } from "../writing/format-figures";
import { nodeName } from "../writing/result-shapes";
import { planPairSimilarity } from "./plan-pair-similarity";
import type { PlanContext, PlannedCall, PlanOutcome } from "./plan-types";
import { callSource, planOnNodes } from "./plan-with-nodes";
import { planSingleCall } from "./single-call-plan";

export function planSimilarity(input: {
  context: PlanContext;
  metric: SimilarityMetric;
  node: string | null;
  likelyLinks: boolean;
  topK: number;
  other?: string;
}): PlanOutcome {
  const { context, metric, likelyLinks } = input;
  const name = metricNames[metric];
  const schemaStep = readGraphSchema(context);
  if (schemaStep.kind !== "ready") return schemaStep.outcome;
  if (input.node && input.other) {
    return planPairSimilarity({
      context,
      metric,
      node: input.node,
      other: input.other,
      schema: schemaStep.schema,
    });
  }
  const types = namedNodeTypes(context.reading.question, schemaStep.schema);
  const topK = Math.max(input.topK, 10);
  if (input.node) {
    return planOnNodes({
      context,
      names: [input.node],
      missing: { en: "Which node?", zh: "请说明是哪个节点。" },
      call: ([subject]) => {
        const via = viaTypeFor({ schema: schemaStep.schema, types, subject });
        return {
          toolName: "node_similarity",
          input: {
            metric,
            node_id: subject.id,
            top_k: topK,
            ...(via ? { via_node_type: via } : {}),
          },
        };
      },
      schema: similarityDataSchema,
      write: (data, [subject], call) => {
        const part = emptyPart({ succeeded: true });
        part.sources.push(callSource(call));
        const rows = data.similar ?? [];
        const best = rows[0];
        if (!best || best.score <= 0) {
          part.summary.push(
            inLanguage(context, {
              en: `No node shares a neighbour with ${subject.id}, so none is similar to it by ${name}.`,
              zh: `没有节点与 ${subject.id} 有共同邻居，按 ${name} 没有相似节点。`,
            }),
          );
          return part;
        }
        part.summary.push(
          inLanguage(context, {
            en: `${nodeName(best)} is the most similar to ${subject.id} by ${name} (${formatFigure(best.score)}${best.common_neighbors !== undefined ? `, ${best.common_neighbors} common neighbours` : ""}).`,
            zh: `按 ${name}，与 ${subject.id} 最相似的是 ${nodeName(best)}（${formatFigure(best.score)}${best.common_neighbors !== undefined ? `，${best.common_neighbors} 个共同邻居` : ""}）。`,
          }),
        );
        part.sections.push({
          heading: inLanguage(context, {
            en: `Most similar to ${subject.id}`,
            zh: `与 ${subject.id} 最相似的节点`,
          }),
          blocks: [
            {
              kind: "table",
              columns: [
                "#",
                inLanguage(context, { en: "Node", zh: "节点" }),
                name,
                inLanguage(context, { en: "Common neighbours", zh: "共同邻居" }),
              ],
              rows: rows.map((row) => [
                String(row.rank),
                nodeName(row),
                formatFigure(row.score),
                String(row.common_neighbors ?? ""),
              ]),
            },
          ],
        });
        part.focusNodeIds = [subject.id, ...rows.map((row) => row.id)];
        return part;
      },
    });
  }
  const nodeType = types[0];
  const call: PlannedCall = {
    toolName: "node_similarity",
    input: {
      metric,
      top_k: topK,
      ...(likelyLinks ? { exclude_adjacent: true } : {}),
      ...(nodeType ? { node_type: nodeType } : {}),
      ...(nodeType && types[1] ? { via_node_type: types[1] } : {}),
    },
  };
  return planSingleCall({
    context,
    call,
    schema: similarityDataSchema,
    write: (data) => {
      const part = emptyPart({ succeeded: true });
      part.sources.push(callSource(call));
      const pairs = data.pairs ?? [];
      const best = pairs[0];
      if (!best) {
        part.summary.push(
          inLanguage(context, {
            en: likelyLinks
              ? "No unlinked pair shares a neighbour: no link is predicted."
              : "No two nodes share a neighbour.",
            zh: likelyLinks
              ? "没有尚未相连且有共同邻居的节点对，无法预测新连接。"
              : "没有两个节点有共同邻居。",
          }),
        );
        return part;
      }
      const a = pairName(best.source, best.source_label);
      const b = pairName(best.target, best.target_label);
      part.summary.push(
        likelyLinks
          ? inLanguage(context, {
              en: `${a} and ${b} are the most likely new link: they are not linked yet and score highest by ${name} (${formatFigure(best.score)}).`,
              zh: `最可能产生连接的尚未相连节点对是 ${a} 和 ${b}（${name} 指数 ${formatFigure(best.score)}）。`,
            })
          : inLanguage(context, {
              en: `${a} and ${b} are the most similar pair by ${name} (${formatFigure(best.score)}).`,
              zh: `按 ${name}，最相似的节点对是 ${a} 和 ${b}（${formatFigure(best.score)}）。`,
            }),
      );
      part.sections.push({
        heading: inLanguage(context, {
          en: likelyLinks ? "Likely links (unlinked pairs)" : "Most similar pairs",
          zh: likelyLinks ? "可能的新连接（尚未相连）" : "最相似的节点对",
        }),
        blocks: [
          {
            kind: "table",
            columns: [
              "#",
              inLanguage(context, { en: "Pair", zh: "节点对" }),
              name,
              inLanguage(context, { en: "Common neighbours", zh: "共同邻居" }),
            ],
            rows: pairs.map((pair) => [
              String(pair.rank),
              `${pairName(pair.source, pair.source_label)} – ${pairName(pair.target, pair.target_label)}`,
              formatFigure(pair.score),
              String(pair.common_neighbors ?? ""),
            ]),
          },
        ],
      });
      if (data.exact === false && data.note) part.notes.push(data.note);
      // The index only counts shared neighbours; a trained model also reads node properties.
      if (likelyLinks) {
        part.notes.push(
          inLanguage(context, {
            en: "A trained link-prediction model can rank them too: ask “predict missing links” (it reuses this revision's link-prediction model when the project has one, else trains one).",
            zh: "也可以用训练好的链接预测模型排序：请问“预测缺失的链接”（若项目中已有此版本的链接预测模型则直接使用，否则先训练一个）。",
          }),
        );
      }
      part.focusNodeIds = [...new Set(pairs.flatMap((pair) => [pair.source, pair.target]))];
      return part;
    },
  });
}
