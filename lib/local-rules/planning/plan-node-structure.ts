import type { NodeStructureMetric } from "../reading/question-words";
import { nodeStructureDataSchema } from "../writing/analysis-result-shapes";
import { emptyPart } from "../writing/answer-document";
import { inLanguage } from "../writing/answer-language";
import { formatFigure } from "../writing/format-figures";
import { nodeName } from "../writing/result-shapes";
import type { PlanContext, PlannedCall, PlanOutcome } from "./plan-types";
import { callSource, planOnNodes } from "./plan-with-nodes";
import { planSingleCall } from "./single-call-plan";

type Text = { en: string; zh: string };

const metricNames: Record<NodeStructureMetric, Text> = {
  triangles: { en: "triangles", zh: "三角形数" },
  clustering: { en: "clustering coefficient", zh: "聚类系数" },
  core_number: { en: "core number", zh: "核数" },
  eccentricity: { en: "eccentricity", zh: "离心率" },
};

function valueText(metric: NodeStructureMetric, value: number): string {
  return metric === "clustering" ? value.toFixed(4) : formatFigure(value);
}

function oneNodeSentence(metric: NodeStructureMetric, name: string, value: string): Text {
  switch (metric) {
    case "triangles":
      return {
        en: `${name} is part of ${value} triangles.`,
        zh: `${name} 参与了 ${value} 个三角形。`,
      };
    case "clustering":
      return {
        en: `${name} has a clustering coefficient of ${value}.`,
        zh: `${name} 的聚类系数为 ${value}。`,
      };
    case "core_number":
      return { en: `${name} has core number ${value}.`, zh: `${name} 的核数为 ${value}。` };
    case "eccentricity":
      return { en: `${name} has eccentricity ${value}.`, zh: `${name} 的离心率为 ${value}。` };
  }
}

/** A per-node structure measure (node_structure): one named node's value, or a ranking. */
export function planNodeStructure(input: {
  context: PlanContext;
  metric: NodeStructureMetric;
  node: string | null;
  topK: number;
  ascending: boolean;
}): PlanOutcome {
  const { context, metric, node, topK, ascending } = input;
  const name = metricNames[metric];
  if (node) {
    return planOnNodes({
      context,
      names: [node],
      missing: { en: "Which node?", zh: "请说明是哪个节点。" },
      call: ([subject]) => ({
        toolName: "node_structure",
        input: { metric, node_ids: [subject.id] },
      }),
      schema: nodeStructureDataSchema,
      write: (data, _nodes, call) => {
        const part = emptyPart({ succeeded: true });
        part.sources.push(callSource(call));
        const row = data.nodes?.[0];
        if (!row) {
          part.succeeded = false;
          part.summary.push(
            inLanguage(context, { en: "The node was not reported.", zh: "没有得到该节点的结果。" }),
          );
          return part;
        }
        part.summary.push(
          inLanguage(context, oneNodeSentence(metric, nodeName(row), valueText(metric, row.value))),
        );
        part.focusNodeIds = [row.id];
        return part;
      },
    });
  }
  const call: PlannedCall = {
    toolName: "node_structure",
    input: { metric, top_k: topK, ...(ascending ? { order: "asc" } : {}) },
  };
  return planSingleCall({
    context,
    call,
    schema: nodeStructureDataSchema,
    write: (data) => {
      const part = emptyPart({ succeeded: true });
      part.sources.push(callSource(call));
      const rows = data.top ?? [];
      const first = rows[0];
      if (!first) {
        part.summary.push(
          inLanguage(context, { en: "No node was ranked.", zh: "没有可排名的节点。" }),
        );
        return part;
      }
      const value = valueText(metric, first.value);
      part.summary.push(
        inLanguage(context, {
          en: `${nodeName(first)} has the ${ascending ? "lowest" : "highest"} ${name.en} (${value}).`,
          zh: `${nodeName(first)} 的${name.zh}${ascending ? "最低" : "最高"}（${value}）。`,
        }),
      );
      part.sections.push({
        heading: inLanguage(context, {
          en: `Nodes by ${name.en}`,
          zh: `按${name.zh}排序的节点`,
        }),
        blocks: [
          {
            kind: "table",
            columns: ["#", inLanguage(context, { en: "Node", zh: "节点" }), name.en],
            rows: rows.map((row) => [
              String(row.rank),
              nodeName(row),
              valueText(metric, row.value),
            ]),
          },
        ],
      });
      part.focusNodeIds = rows.map((row) => row.id);
      return part;
    },
  });
}

/** The k-core structure: the densest core's k and size (node_structure core_number). */
export function planCore(input: { context: PlanContext; topK: number }): PlanOutcome {
  const { context, topK } = input;
  const call = { toolName: "node_structure", input: { metric: "core_number", top_k: topK } };
  return planSingleCall({
    context,
    call,
    schema: nodeStructureDataSchema,
    write: (data) => {
      const part = emptyPart({ succeeded: true });
      part.sources.push(callSource(call));
      const core = data.max_core;
      if (!core) {
        part.succeeded = false;
        part.summary.push(
          inLanguage(context, {
            en: "The core decomposition was not reported.",
            zh: "没有得到 k-核分解的结果。",
          }),
        );
        return part;
      }
      // Lead with the figure asked: the core's size ("how many nodes") or its k.
      const sizeAsked = /how many|number of|size|多少|几个|大小/i.test(context.reading.question);
      part.summary.push(
        sizeAsked
          ? inLanguage(context, {
              en: `The densest k-core has ${core.size} nodes (k = ${core.k}, the maximum core number).`,
              zh: `k 值最大的 k-核包含 ${core.size} 个节点（k = ${core.k}，即最大核数）。`,
            })
          : inLanguage(context, {
              en: `The maximum core number is ${core.k} (the densest core, with ${core.size} nodes).`,
              zh: `最大核数为 ${core.k}（最稠密的核，包含 ${core.size} 个节点）。`,
            }),
      );
      const rows = data.top ?? [];
      if (rows.length > 0) {
        part.sections.push({
          heading: inLanguage(context, {
            en: "Nodes with the highest core number",
            zh: "核数最高的节点",
          }),
          blocks: [
            {
              kind: "table",
              columns: [
                "#",
                inLanguage(context, { en: "Node", zh: "节点" }),
                inLanguage(context, { en: "Core number", zh: "核数" }),
              ],
              rows: rows.map((row) => [String(row.rank), nodeName(row), formatFigure(row.value)]),
            },
          ],
        });
      }
      part.focusNodeIds = rows.map((row) => row.id);
      return part;
    },
  });
}
