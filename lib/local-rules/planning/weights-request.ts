import type { GraphSchemaView } from "../reading/graph-schema";
import type { WeightsUse } from "../reading/phrases";
import type { CentralityMeasure } from "./centrality-measure";
import { namedEdgeProperty } from "./named-edge-property";
import type { PlanContext } from "./plan-types";

// "weighted PageRank", "by edge weight", "加权最短路径", "按权重": the user asks for weights.
const weightsPattern =
  /\bweighted\b|\b(?:edge\s+)?weights?\b|\bby\s+weight\b|加权|带权|按权重|权重/i;

// "the shortest driving distance", "多少公里": lengths, which only a weighted graph has.
const lengthPattern =
  /\b(?:driving|travel|road|total|physical)\s+(?:distance|length)|\bdistance\b|\blength\b|\bkm\b|\bkilomet|\bmiles?\b|\bcheapest\b|\bcost\b|\bhow long\b|\bhow far\b|距离|公里|千米|英里|里程|多长|多远|长度|成本|\bmileage\b|\bmet(?:re|er)s?\b|米/i;

// "Counting links rather than metres": a length set aside is not asked for.
const setAside =
  /\b(?:rather than|instead of|not in|not by|ignoring|regardless of)\s+(?:the\s+)?[\w-]+|不按[^，,。？?]{0,6}|而不是[^，,。？?]{0,6}/gi;

/**
 * True when the question asks for edge weights to be used (the tools default to unweighted);
 * on a weighted graph, asking for a distance or a length asks for them too.
 */
export function asksForWeights({
  question,
  graphWeighted = false,
}: {
  question: string;
  graphWeighted?: boolean;
}): boolean {
  return (
    weightsPattern.test(question) ||
    (graphWeighted && lengthPattern.test(question.replace(setAside, " ")))
  );
}

// "Weighting lines by their length", "by travel time", "以线路长度为距离", "按分钟加权": the
// question asks to weigh the links by a quantity it names.
const weighingCue =
  /\bweight(?:ed|ing|s)?\b|\bby (?:the |their |its |each \w+'s )?\w+|\busing\b|\bas (?:the )?(?:distances?|lengths?|costs?)\b|以.{0,12}(?:为|作为|当作)(?:距离|权重|长度|边权|成本)|按.{0,12}(?:加权|计算|算)|加权/i;

/**
 * The link property a centrality question weighs the links by ("weight" for the weight
 * column), or null when it asks for none.
 */
export function weighingProperty(input: {
  context: PlanContext;
  schema: GraphSchemaView;
}): string | null {
  const { context, schema } = input;
  const question = context.reading.question;
  if (!weighingCue.test(question)) return null;
  return namedEdgeProperty({
    question,
    schema,
    graphWeighted: context.graph.description.weighted === true,
  });
}

/** What weights mean to a measure: strength for random-walk scores, length for path-based ones. */
function meaningOf(measure: CentralityMeasure | "path"): WeightsUse["meaning"] {
  if (measure === "pagerank" || measure === "eigenvector") return "strength";
  if (measure === "degree") return "unused";
  return "length";
}

/** The note saying whether a result used weights, from what column, and what they meant. */
export function weightsNote(input: {
  context: PlanContext;
  measure: CentralityMeasure | "path";
  measureName: string;
  data: { weighted?: boolean; weight_column?: string | null };
}): string {
  const { context, data, measure } = input;
  const description = context.graph.description;
  return context.phrases.noteWeights({
    measure: input.measureName,
    weighted: data.weighted === true,
    graphWeighted: description.weighted,
    column: data.weight_column ?? description.weight_column ?? null,
    meaning: meaningOf(measure),
  });
}
