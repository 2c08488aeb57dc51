import type { GraphSchemaView } from "./graph-schema";

// Its own file because the degree, ranking and projection planners share it, and the degree
// planner falls back on the schema-question planner, which falls back on the ranking planner.

/** The edge types that join two node types (either way), as the schema lists them. */
export function edgeTypesBetween(schema: GraphSchemaView, a: string, b: string): string[] {
  return schema.edge_types
    .filter(
      (type) =>
        (type.from.includes(a) && type.to.includes(b)) ||
        (type.from.includes(b) && type.to.includes(a)),
    )
    .map((type) => type.name);
}
