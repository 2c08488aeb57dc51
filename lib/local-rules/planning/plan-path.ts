import { resolveNodeNames } from "../reading/resolve-node-names";
import { emptyPart } from "../writing/answer-document";
import { formatFigure } from "../writing/format-figures";
import { nodeName, pathDataSchema } from "../writing/result-shapes";
import { pathWeighing } from "./path-weighting";
import { planPathToEnd } from "./plan-path-to-end";
import type { PlanContext, PlanOutcome } from "./plan-types";
import { planSingleCall } from "./single-call-plan";
import { weightsNote } from "./weights-request";

/**
 * Shortest path between two named nodes: search_node for the names that are not known ids (one
 * batch), then shortest_path with the confirmed ids only (TC-2).
 */
export function planPath(input: {
  context: PlanContext;
  source: string | null;
  target: string | null;
  /** "How many levels is X below the top?": the target is where the walk from X ends. */
  toEnd?: boolean;
}): PlanOutcome {
  const { context, source, target } = input;
  const p = context.phrases;
  if (input.toEnd && source && !target) return planPathToEnd({ context, source });
  if (!source || !target) {
    const part = emptyPart({ succeeded: false });
    part.summary.push(p.pathNeedsTwoNames);
    return { kind: "done", part };
  }
  const names = resolveNodeNames({ context, names: [source, target] });
  if (names.kind === "pending") return { kind: "pending", calls: names.calls };
  if (names.kind === "problem") return { kind: "done", part: names.part };
  const [from, to] = names.nodes;
  const weighing = pathWeighing(context);
  if (weighing.kind === "pending") return weighing.outcome;
  const { weighted, property } = weighing;
  const call = {
    toolName: "shortest_path",
    input: {
      source: from.id,
      target: to.id,
      ...(property ? { weight_property: property } : weighted ? { weighted: true } : {}),
    },
  };
  return planSingleCall({
    context,
    call,
    schema: pathDataSchema,
    write: (data) => {
      const part = emptyPart({ succeeded: true });
      part.sources.push(`shortest_path ${JSON.stringify(call.input)}`);
      for (const node of names.nodes) if (node.note) part.notes.push(node.note);
      if (data.found) {
        part.notes.push(
          weightsNote({ context, measure: "path", measureName: p.pathMeasure, data }),
        );
      }
      const start = nodeName(data.path[0] ?? from);
      const end = nodeName(data.path.at(-1) ?? to);
      if (!data.found) {
        part.summary.push(p.pathNotFound(start, end, context.graph.description.directed === true));
        part.focusNodeIds = [from.id, to.id];
        return part;
      }
      part.summary.push(
        p.pathFound({
          from: start,
          to: end,
          hops: data.length ?? data.path.length - 1,
          chain: data.path.map((node) => nodeName(node)).join(" → "),
          distance: data.weighted ? formatFigure(data.distance) : undefined,
        }),
      );
      part.sections.push({
        heading: p.pathHeading,
        blocks: [
          {
            kind: "table",
            columns: [p.columnStep, p.columnNode, p.columnType],
            rows: data.path.map((node, index) => [String(index), nodeName(node), node.type ?? ""]),
          },
        ],
      });
      part.focusNodeIds = data.path.map((node) => node.id);
      return part;
    },
  });
}
