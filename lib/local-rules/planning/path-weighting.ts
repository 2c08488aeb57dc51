import { propertyNamedAt } from "../families/link-property-names";
import { hopMeasureWords, weightMeasureWords } from "../families/walk-words";
import { type GraphSchemaView, readGraphSchema } from "../reading/graph-schema";
import { namedEdgeProperty } from "./named-edge-property";
import type { PlanContext, PlanOutcome } from "./plan-types";
import { asksForWeights } from "./weights-request";

/**
 * Whether a path question asks for the weighted distance: "weighted" or "by weight" always; on
 * a weighted graph also a length, a time or a cost ("the quickest travel time", "多少分钟",
 * "how many km"), unless it counts steps ("how many stops", "几站", "number of hops").
 */
export function pathWeighted(input: { question: string; graphWeighted: boolean }): boolean {
  const { question, graphWeighted } = input;
  if (asksForWeights({ question })) return true;
  if (!graphWeighted || hopMeasureWords.test(question)) return false;
  return asksForWeights({ question, graphWeighted }) || weightMeasureWords.test(question);
}

/** "How many stops", "几站": the question counts the path's edges, whatever the graph weighs. */
export function countsHops(question: string): boolean {
  return hopMeasureWords.test(question) && !asksForWeights({ question });
}

// Words that name what a path is measured in: a unit, a kind of length, time or cost, or a
// measure the question says it counts in ("measured in sailing days", "按航行天数计算").
const measureNamed =
  /\b(?:km|kilomet\w*|miles?|minutes?|mins|hours?|seconds?|days?|weeks?|cost|price|fare|time|distance|length|duration)\b|\bmeasured (?:in|by)\b|\bin terms of\b|公里|千米|英里|分钟|小时|天数|几天|多少天|时间|距离|成本|费用|票价|长度|时长|按.{1,12}(?:计算|来算|算)/i;

// Where a measure is named: "in sailing days", "measured in days", "by km", "按航行天数".
const measureBefore =
  /(?:\b(?:in|by|measured in|in terms of|counting)\s+(?:\w+\s+)?|[按以]\s*\S{0,4})$/i;

/**
 * "the quickest way to get containers there, in sailing days": of the link properties a path
 * question names, the one it measures the path in (after "in", "by", "按"), not the cargo.
 */
function measuredProperty(question: string, schema: GraphSchemaView): string | null {
  const properties = schema.edge_types.flatMap((type) =>
    type.properties
      .filter((property) => property.kind === "number")
      .map((property) => property.name),
  );
  for (const name of new Set(properties)) {
    const at = propertyNamedAt(question, name);
    if (at >= 0 && measureBefore.test(question.slice(0, at))) return name;
  }
  return null;
}

/** How a path is weighed: hops, the weights, or a link property the question measures it in. */
export type PathWeighing =
  | { kind: "ready"; weighted: boolean; property: string | null }
  | { kind: "pending"; outcome: PlanOutcome };

/**
 * Whether a path question is weighed, and by which link property: "Measured in sailing days,
 * the fastest route" sums the `days` each lane carries (`weight_property`), on a graph built
 * with or without weights; a question that counts stops stays in hops. The schema is read only
 * when the question names a measure.
 */
export function pathWeighing(context: PlanContext): PathWeighing {
  const question = context.reading.question;
  const graphWeighted = context.graph.description.weighted === true;
  const weighted = pathWeighted({ question, graphWeighted });
  if (countsHops(question) || !measureNamed.test(question)) {
    return { kind: "ready", weighted, property: null };
  }
  const schemaStep = readGraphSchema(context);
  if (schemaStep.kind === "pending") return { kind: "pending", outcome: schemaStep.outcome };
  if (schemaStep.kind !== "ready") return { kind: "ready", weighted, property: null };
  const property =
    measuredProperty(question, schemaStep.schema) ??
    namedEdgeProperty({ question, schema: schemaStep.schema, graphWeighted });
  const column = context.graph.description.weight_column ?? "weight";
  if (!property || property === "weight" || property === column) {
    return {
      kind: "ready",
      weighted: weighted || (property !== null && graphWeighted),
      property: null,
    };
  }
  return { kind: "ready", weighted: true, property };
}
