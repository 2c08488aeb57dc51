/**
 * The `schema` object of a get_graph_info result as the planner reads it (see
 * lib/mcp/graph-info.ts describeGraphSchema). Every field is optional because the value arrives
 * as JSON from a tool result: a planner that meets an older or trimmed schema plans less, it
 * does not crash.
 */
export type SchemaPropertyView = {
  name: string;
  kind?: string;
  present?: number;
  distinct?: number;
  min?: number;
  max?: number;
  /** Text and boolean properties: the most frequent values. */
  values?: (string | boolean)[];
};

/** A node type with its properties. */
export type SchemaNodeTypeView = {
  name: string;
  count?: number;
  properties?: SchemaPropertyView[];
};

/** An edge type with the node types it joins, in its direction. */
export type SchemaEdgeTypeView = {
  name: string;
  count?: number;
  from?: string[];
  to?: string[];
  properties?: SchemaPropertyView[];
};

/** One table query_graph reads (lib/engine/query/describe-query-tables.ts). */
export type SchemaQueryTableView = {
  name: string;
  kind: string;
  /** The type the table holds when its name had to differ (`default_edges`). */
  type?: string;
  rows?: number;
  columns?: Record<string, string>;
  /** Present when `columns` lists only the first columns. */
  column_count?: number;
};

/** What planAggregateQuery needs of a get_graph_info `schema`. */
export type GraphSchemaView = {
  node_types?: SchemaNodeTypeView[];
  edge_types?: SchemaEdgeTypeView[];
  query_tables?: SchemaQueryTableView[];
};
