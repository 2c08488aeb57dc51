import { countByType } from "@/lib/engine/graph/count-by-type";
import { listEdgeProperties } from "@/lib/engine/graph/edge-property-weights";
import type { GraphData } from "@/lib/engine/graph/graph-data";
import {
  describeProperties,
  type PropertyDescription,
} from "@/lib/engine/graph/property-catalogue";
import { describeQueryTables } from "@/lib/engine/query/describe-query-tables";
import { planQueryTables } from "@/lib/engine/query/query-table-layout";
import type { LoadedGraph } from "@/lib/engine/session/loaded-graph";

// Cora's papers carry 1,433 word columns: listing them all would drown the answer; the first
// ones show the pattern and the count says how many there are.
const maxListedProperties = 40;

function listProperties(properties: PropertyDescription[]) {
  return {
    properties: properties.slice(0, maxListedProperties),
    property_count: properties.length,
    ...(properties.length > maxListedProperties ? { properties_truncated: true } : {}),
  };
}

// Planning the query tables walks every edge (0.3 s on a million): once per graph version.
const queryTablesCache = new WeakMap<GraphData, unknown[]>();

function queryTablesOf(graph: GraphData): unknown[] {
  const cached = queryTablesCache.get(graph);
  if (cached) return cached;
  const tables = describeQueryTables({ layout: planQueryTables({ graph }) }).map((table) => {
    const columns = Object.entries(table.columns);
    return {
      ...table,
      columns: Object.fromEntries(columns.slice(0, maxListedProperties)),
      ...(columns.length > maxListedProperties ? { column_count: columns.length } : {}),
    };
  });
  queryTablesCache.set(graph, tables);
  return tables;
}

/**
 * The types and properties the construction recorded, with value kinds, so a caller can
 * build a `node_type` / `where` / `edge_types` filter or a query_graph table name without
 * guessing, and the tables query_graph reads. Edge types say which node types they join in their direction: a SQL foreign key
 * runs from the referencing row to the referenced row (orders → customers).
 */
export function describeGraphSchema(loaded: LoadedGraph) {
  const catalogue = describeProperties({ graph: loaded.graph });
  return {
    node_types: catalogue.node_types.map((type) => ({
      name: type.name,
      count: type.count,
      ...listProperties(type.properties),
    })),
    edge_types: catalogue.edge_types.map((type) => ({
      name: type.name,
      count: type.count,
      from: type.source_types,
      to: type.target_types,
      ...listProperties(type.properties),
    })),
    query_tables: queryTablesOf(loaded.graph),
    edge_direction: loaded.graph.directed
      ? "Edges are directed from → to. A SQL foreign key becomes an edge from the referencing row to the referenced row (orders.customer_id: orders → customers); a link table's edge runs from its first to its second foreign key."
      : "Edges are undirected.",
  };
}

/** What get_graph_info and a successful load report about the session's current graph. */
export function describeLoadedGraph(loaded: LoadedGraph) {
  const { graph } = loaded;
  return {
    loaded: true,
    dataset_id: loaded.datasetId,
    revision: loaded.revision,
    version: loaded.version,
    origin: loaded.origin.kind,
    directed: graph.directed,
    weighted: graph.edgeWeights !== null,
    // Which input column the weights came from, so an answer can say what "weighted" means.
    weight_column: graph.edgeWeights ? (graph.edgeWeightColumn ?? null) : null,
    // Any numeric one can weigh a single call (weight_property), without rebuilding.
    edge_properties: listEdgeProperties({ graph }),
    nodes: graph.nodeIds.length,
    edges: graph.edgeSources.length,
    node_types: countByType({ index: graph.nodeTypeIndex, names: graph.nodeTypeNames }),
    edge_types: countByType({ index: graph.edgeTypeIndex, names: graph.edgeTypeNames }),
    loaded_at: loaded.loadedAt.toISOString(),
  };
}
