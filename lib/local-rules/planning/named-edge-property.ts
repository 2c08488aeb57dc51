import { namesProperty } from "../families/link-property-names";
import { quantityWordsOf } from "../families/link-quantity";
import type { GraphSchemaView } from "../reading/graph-schema";

// "Using the export value as capacity", "weighting lines by their length", "以 weight（分钟）作为
// 容量", "以线路长度为距离": the numeric link property a question asks a tool to weigh the links
// by. The tools take any numeric edge property (`weight_property`, `capacity_property`); the
// weight column itself is "weight".

const weightWords = /\bweights?\b|权重|边权/i;

/** The graph's numeric link properties, each once. */
/** The numeric properties the links carry, each name once. */
export function numericLinkProperties(schema: GraphSchemaView): string[] {
  return [
    ...new Set(
      schema.edge_types.flatMap((type) =>
        type.properties
          .filter((property) => property.kind === "number")
          .map((property) => property.name),
      ),
    ),
  ];
}

/** A property the question names by its own name, in English or by a Chinese column word. */
function namedByItsName(question: string, properties: string[]): string | null {
  return properties.find((property) => namesProperty(question, property)) ?? null;
}

/**
 * The link property the question weighs links by: one it names (by its name or by what it
 * measures), else the weight column when the question says "weight" or, on a weighted graph,
 * names a length, time or cost that no link property is called. Null when it names none.
 */
export function namedEdgeProperty(input: {
  question: string;
  schema: GraphSchemaView;
  graphWeighted: boolean;
}): string | null {
  const { question, schema, graphWeighted } = input;
  const properties = numericLinkProperties(schema);
  const byName = namedByItsName(question, properties);
  if (byName) return byName;
  const quantities = quantityWordsOf(question);
  for (const quantity of quantities) {
    const property = properties.find((name) => quantity.names.includes(name.toLowerCase()));
    if (property) return property;
  }
  if (weightWords.test(question)) return "weight";
  if (graphWeighted && quantities.some((quantity) => quantity.measuresWeight)) return "weight";
  return null;
}
