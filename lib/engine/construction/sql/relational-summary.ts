import type { GraphData } from "../../graph/graph-data";
import type { EdgeTypeCounts } from "./relational-graph";
import type { EdgeTypePlan, RelationalPlan } from "./relational-rules";
import { typeName } from "./relational-rules";

/** What the relational construction did with the database, table by table. */
export type SqlSchemaSummary = {
  nodeTypes: {
    nodeType: string;
    table: string;
    primaryKey: string;
    labelColumn: string | null;
    properties: string[];
    nodes: number;
  }[];
  edgeTypes: {
    edgeType: string;
    rule: "foreign-key" | "link-table";
    table: string;
    columns: string[];
    source: string;
    target: string;
    properties: string[];
    edges: number;
    /** Rows whose reference is NULL: no edge (TC-5). */
    nullReferences: number;
    /** Rows referencing a key with no row (NOT VALID keys; SQLite files with keys unenforced). */
    missingTargets: number;
  }[];
  skippedTables: { table: string; reason: string }[];
  skippedForeignKeys: { table: string; constraint: string; columns: string[]; reason: string }[];
  /** SQL dumps only: how many statements ran, were ignored, and COPY blocks. */
  statements?: { executed: number; ignored: number; copyBlocks: number };
};

/** The schema summary of a relational graph: each node and edge type with its counts. */
export function summarizeRelationalGraph(input: {
  graph: GraphData;
  plan: RelationalPlan;
  edgeCounts: Map<EdgeTypePlan, EdgeTypeCounts>;
  statements?: SqlSchemaSummary["statements"];
}): SqlSchemaSummary {
  const { graph, plan, edgeCounts } = input;
  const nodeCounts = new Map<string, number>();
  for (const index of graph.nodeTypeIndex) {
    const name = graph.nodeTypeNames[index];
    nodeCounts.set(name, (nodeCounts.get(name) ?? 0) + 1);
  }
  return {
    nodeTypes: plan.nodeTables.map((nodeTable) => ({
      nodeType: nodeTable.nodeType,
      table: typeName(nodeTable.table),
      primaryKey: nodeTable.primaryKey.name,
      labelColumn: nodeTable.label?.name ?? null,
      properties: nodeTable.properties.map((column) => column.name),
      nodes: nodeCounts.get(nodeTable.nodeType) ?? 0,
    })),
    edgeTypes: plan.edgeTypes.map((edgeType) => ({
      edgeType: edgeType.edgeType,
      rule: edgeType.rule,
      table: typeName(edgeType.table),
      columns: [edgeType.sourceColumn, edgeType.targetColumn]
        .filter((column) => column !== null)
        .map((column) => column.name),
      source: edgeType.sourceReference?.nodeTable.nodeType ?? typeName(edgeType.table),
      target: edgeType.targetReference.nodeTable.nodeType,
      properties: edgeType.properties.map((column) => column.name),
      ...(edgeCounts.get(edgeType) ?? { edges: 0, nullReferences: 0, missingTargets: 0 }),
    })),
    skippedTables: plan.skippedTables,
    skippedForeignKeys: plan.skippedForeignKeys,
    ...(input.statements ? { statements: input.statements } : {}),
  };
}
