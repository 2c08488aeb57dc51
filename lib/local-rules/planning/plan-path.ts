import { type GraphSchemaView, readGraphSchema } from "../reading/graph-schema";
import { resolveNodeNames } from "../reading/resolve-node-names";
import { emptyPart } from "../writing/answer-document";
import { inLanguage } from "../writing/answer-language";
import { formatFigure } from "../writing/format-figures";
import { nodeName, pathDataSchema } from "../writing/result-shapes";
import { pathWeighted } from "./path-weighting";
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
  const weighted = pathWeighted({
    question: context.reading.question,
    graphWeighted: context.graph.description.weighted === true,
  });
  // "How far … in km?" on a graph weighted by minutes: the schema says which edge property
  // the question names, so the answer can say the weights are not it.
  let otherMeasure: string | null = null;
  if (weighted && measureNamed.test(context.reading.question)) {
    const schemaStep = readGraphSchema(context);
    if (schemaStep.kind === "pending") return schemaStep.outcome;
    if (schemaStep.kind === "ready") {
      otherMeasure = namedEdgeProperty({
        question: context.reading.question,
        schema: schemaStep.schema,
        weightColumn: context.graph.description.weight_column ?? null,
      });
    }
  }
  const call = {
    toolName: "shortest_path",
    input: { source: from.id, target: to.id, ...(weighted ? { weighted: true } : {}) },
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
        const column = data.weight_column ?? context.graph.description.weight_column ?? "weight";
        if (data.weighted && otherMeasure && otherMeasure !== column) {
          part.notes.push(
            inLanguage(context, {
              en: `The distance sums the edge weights (\`${column}\`); \`${otherMeasure}\`, which the question names, is another edge property that shortest_path does not sum.`,
              zh: `距离是边权（\`${column}\`）之和；问题提到的 \`${otherMeasure}\` 是另一个边属性，shortest_path 不会对它求和。`,
            }),
          );
        }
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

// Words that name what a path is measured in: a unit or a kind of length, time or cost.
const measureNamed =
  /\b(?:km|kilomet\w*|miles?|minutes?|mins|hours?|seconds?|cost|price|fare|time|distance|length|duration)\b|公里|千米|英里|分钟|小时|时间|距离|成本|费用|票价|长度|时长/i;

// A unit the question may use for an edge property of another name.
const unitsOf: Record<string, RegExp> = {
  km: /\bkm\b|\bkilomet|公里|千米/i,
  miles: /\bmiles?\b|英里/i,
  minutes: /\bminutes?\b|\bmins\b|\btime\b|分钟|时间/i,
  hours: /\bhours?\b|\btime\b|小时|时间/i,
  cost: /\bcost\b|\bprice\b|\bfare\b|成本|费用|票价/i,
};

/** The numeric edge property the question names (by name or unit), when it has one. */
function namedEdgeProperty(input: {
  question: string;
  schema: GraphSchemaView;
  weightColumn: string | null;
}): string | null {
  const { question, schema } = input;
  const properties = schema.edge_types.flatMap((type) =>
    type.properties
      .filter((property) => property.kind === "number")
      .map((property) => property.name),
  );
  const named = properties.filter((name) => {
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    return (
      new RegExp(`(?<![\\w])${escaped}(?![\\w])`, "i").test(question) ||
      (unitsOf[name.toLowerCase()]?.test(question) ?? false)
    );
  });
  if (named.length === 0 || named.includes(input.weightColumn ?? "weight")) return null;
  return named[0];
}
