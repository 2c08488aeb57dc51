import { z } from "zod";
import { emptyPart } from "../writing/answer-document";
import { inLanguage } from "../writing/answer-language";
import { nodeName } from "../writing/result-shapes";
import type { PlanContext, PlannedCall, PlanOutcome } from "./plan-types";
import { callSource } from "./plan-with-nodes";
import { planSingleCall } from "./single-call-plan";

/** Which cut the question asks about: edges (bridges) or nodes (articulation points). */
export type CutKind = "bridges" | "articulation";

/** What it asks of them: whether there are any, how many, or which. */
export type CutAsk = "exists" | "count" | "list";

const connectivityDataSchema = z.looseObject({
  bridges: z.array(z.looseObject({ source: z.string(), target: z.string() })).default([]),
  bridge_count: z.number(),
  bridges_truncated: z.boolean().optional(),
  articulation_points: z
    .array(z.looseObject({ id: z.string(), label: z.string().optional() }))
    .default([]),
  articulation_point_count: z.number(),
  articulation_points_truncated: z.boolean().optional(),
});

// Cuts named in the lead; the table of the tool result holds the rest.
const namedInLead = 20;

/**
 * "Are there any bridges in the route network?", "Which airports are single points of
 * failure?": the edges or nodes whose removal splits the graph, from connectivity_analysis.
 */
export function planCutPoints(input: {
  context: PlanContext;
  what: CutKind;
  ask: CutAsk;
}): PlanOutcome {
  const { context, what, ask } = input;
  const call: PlannedCall = { toolName: "connectivity_analysis", input: { limit: 1000 } };
  return planSingleCall({
    context,
    call,
    schema: connectivityDataSchema,
    write: (data) => {
      const part = emptyPart({ succeeded: true });
      part.sources.push(callSource(call));
      const arrow = context.graph.description.directed === true ? "→" : "–";
      const items =
        what === "bridges"
          ? data.bridges.map((edge) => `${edge.source} ${arrow} ${edge.target}`)
          : data.articulation_points.map((node) => nodeName(node));
      const count = what === "bridges" ? data.bridge_count : data.articulation_point_count;
      const shown = items.slice(0, namedInLead);
      const listed = {
        en: `${shown.join(", ")}${count > shown.length ? ", …" : ""}`,
        zh: `${shown.join("、")}${count > shown.length ? "……" : ""}`,
      };
      const noun =
        what === "bridges"
          ? {
              en: count === 1 ? "bridge" : "bridges",
              zh: "条桥边",
              meaning: {
                en: "edges whose removal disconnects the graph",
                zh: "删除后会使图断开的边",
              },
            }
          : {
              en: count === 1 ? "articulation point" : "articulation points",
              zh: "个割点",
              meaning: {
                en: "nodes whose removal splits the graph",
                zh: "删除后会使图分裂的节点",
              },
            };
      const stated =
        count === 0
          ? {
              en: `the graph has no ${what === "bridges" ? "bridge" : "articulation point"}: no single ${what === "bridges" ? "edge" : "node"} splits it.`,
              zh: `图中没有${what === "bridges" ? "桥边" : "割点"}：删除任何单个${what === "bridges" ? "边" : "节点"}都不会使其分裂。`,
            }
          : {
              en: `the graph has ${count} ${noun.en} (${noun.meaning.en}): ${listed.en}.`,
              zh: `图中有 ${count} ${noun.zh}（${noun.meaning.zh}）：${listed.zh}。`,
            };
      const lead =
        ask === "exists"
          ? count > 0
            ? { en: `Yes — ${stated.en}`, zh: `是的——${stated.zh}` }
            : { en: `No — ${stated.en}`, zh: `否——${stated.zh}` }
          : ask === "list" && count > 0
            ? { en: `${listed.en} — ${stated.en}`, zh: `${listed.zh}——${stated.zh}` }
            : {
                en: `${count} — ${stated.en}`,
                zh: `${count}——${stated.zh}`,
              };
      part.summary.push(inLanguage(context, lead));
      if (context.graph.description.directed === true) {
        part.notes.push(
          inLanguage(context, {
            en: "On a directed graph the cut is read with the edges' direction ignored.",
            zh: "有向图按忽略方向的无向视图计算。",
          }),
        );
      }
      part.focusNodeIds =
        what === "articulation"
          ? data.articulation_points.slice(0, 200).map((node) => node.id)
          : [];
      return part;
    },
  });
}
