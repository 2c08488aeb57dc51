import { emptyPart } from "../writing/answer-document";
import { inLanguage } from "../writing/answer-language";
import { nodeName, pathDataSchema } from "../writing/result-shapes";
import type { PlanContext, PlanOutcome } from "./plan-types";
import { callSource, planOnNodes } from "./plan-with-nodes";

/**
 * "Is B reachable from A?": a shortest_path from A to B (following edge direction on a directed
 * graph) decides it, and its length is the evidence.
 */
export function planReachability(input: {
  context: PlanContext;
  source: string | null;
  target: string | null;
}): PlanOutcome {
  const { context } = input;
  const directed = context.graph.description.directed === true;
  return planOnNodes({
    context,
    names: [input.source, input.target],
    missing: {
      en: 'I need the two nodes, e.g. "Is n15 reachable from n16?".',
      zh: "请给出两个节点，例如“p0 和 p3 之间是否存在路径？”。",
    },
    call: ([from, to]) => ({
      toolName: "shortest_path",
      input: { source: from.id, target: to.id },
    }),
    schema: pathDataSchema,
    write: (data, [from, to], call) => {
      const part = emptyPart({ succeeded: true });
      part.sources.push(callSource(call));
      const start = from.label && from.label !== from.id ? `${from.label} (${from.id})` : from.id;
      const end = to.label && to.label !== to.id ? `${to.label} (${to.id})` : to.id;
      if (data.found) {
        const hops = data.length ?? data.path.length - 1;
        part.summary.push(
          inLanguage(context, {
            en: `Yes — ${end} is reachable from ${start}: the shortest path takes ${hops} ${hops === 1 ? "hop" : "hops"} (${data.path.map((node) => nodeName(node)).join(" → ")}).`,
            zh: `是的——从 ${start} 可以到达 ${end}：最短路径为 ${hops} 跳（${data.path.map((node) => nodeName(node)).join(" → ")}）。`,
          }),
        );
        part.focusNodeIds = data.path.map((node) => node.id);
      } else {
        part.summary.push(
          inLanguage(context, {
            en: `No — ${end} cannot be reached from ${start}: there is no path between them${directed ? " following the edge direction" : ""}.`,
            zh: `否——从 ${start} 无法到达 ${end}，两者之间不存在路径${directed ? "（按边的方向）" : ""}。`,
          }),
        );
        part.focusNodeIds = [from.id, to.id];
      }
      if (directed) {
        part.notes.push(
          inLanguage(context, {
            en: "The graph is directed: paths follow the edge direction.",
            zh: "该图是有向图：路径沿边的方向。",
          }),
        );
      }
      return part;
    },
  });
}
