import { quoteIdentifier, quoteLiteral } from "@/lib/engine/query/sql-quoting";
import type { GraphSchemaView } from "../reading/graph-schema";

// The nodes that may stand at one end of a link, as one table a query joins: the node type's
// own table, or, when the links join nodes of several kinds (a trail map's villages, huts and
// peaks), the union of their tables over the columns they share, each row with its kind in
// `node_type`, so "segments touching a hut" and "both ends in Birch" read the same way.

/** The SQL of the end nodes' table (a name or a subquery), or null when a type has no table. */
export function endNodesTable(schema: GraphSchemaView, types: string[]): string | null {
  const tables = types.map((type) =>
    schema.query_tables.find((table) => table.kind === "node-type" && table.name === type),
  );
  if (tables.length === 0 || tables.some((table) => !table?.columns)) return null;
  const present = tables.filter((table) => table !== undefined);
  if (present.length === 1) {
    return `(SELECT *, ${quoteLiteral(types[0])} AS node_type FROM ${quoteIdentifier(present[0].name)})`;
  }
  const shared = Object.keys(present[0].columns ?? {}).filter(
    (column) =>
      column !== "node_type" && present.every((table) => table.columns?.[column] !== undefined),
  );
  const columns = shared.map(quoteIdentifier).join(", ");
  return `(${present
    .map(
      (table, index) =>
        `SELECT ${columns}, ${quoteLiteral(types[index])} AS node_type FROM ${quoteIdentifier(table.name)}`,
    )
    .join(" UNION ALL ")})`;
}

/**
 * The kinds of node a link type joins when both its ends are of the same kinds, or null. An
 * undirected link's two ends are interchangeable, so the kinds listed at either end count for
 * both (a file's first column names no start).
 */
export function sameKindsAtBothEnds(
  type: GraphSchemaView["edge_types"][number],
  directed: boolean,
): string[] | null {
  const from = [...new Set(type.from)].sort();
  const to = [...new Set(type.to)].sort();
  if (from.length === 0 || to.length === 0) return null;
  if (!directed) return [...new Set([...from, ...to])].sort();
  return from.join("|") === to.join("|") ? from : null;
}
