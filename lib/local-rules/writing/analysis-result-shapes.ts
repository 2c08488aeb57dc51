import { z } from "zod";

// Loose views of the analysis tools' `data` (lib/mcp/tools/*): only what the answers read.

const nodeView = z.looseObject({
  id: z.string(),
  label: z.string().optional(),
  type: z.string().optional(),
});

/** degree_analysis. */
export const degreeDataSchema = z.looseObject({
  mode: z.string().optional(),
  directed: z.boolean().optional(),
  weighted: z.boolean().optional(),
  nodes: z
    .array(
      nodeView.extend({
        degree: z.number(),
        in_degree: z.number().optional(),
        out_degree: z.number().optional(),
        strength: z.number().optional(),
      }),
    )
    .optional(),
  top: z
    .array(
      nodeView.extend({
        rank: z.number(),
        degree: z.number(),
        in_degree: z.number().optional(),
        out_degree: z.number().optional(),
        strength: z.number().optional(),
      }),
    )
    .optional(),
  total: z.number().optional(),
});

/** The data of a degree_analysis result. */
export type DegreeData = z.infer<typeof degreeDataSchema>;

/** graph_metrics. */
export const graphMetricsDataSchema = z.looseObject({
  nodes: z.number().optional(),
  edges: z.number().optional(),
  directed: z.boolean().optional(),
  metrics: z.record(z.string(), z.unknown()),
  notes: z.array(z.string()).default([]),
});

/** node_structure. */
export const nodeStructureDataSchema = z.looseObject({
  metric: z.string().optional(),
  nodes: z.array(nodeView.extend({ value: z.number() })).optional(),
  top: z.array(nodeView.extend({ rank: z.number(), value: z.number() })).optional(),
  max_core: z.looseObject({ k: z.number(), size: z.number() }).optional(),
  total: z.number().optional(),
});

const pairView = z.looseObject({
  source: z.string(),
  source_label: z.string().optional(),
  target: z.string(),
  target_label: z.string().optional(),
});

/** node_similarity. */
export const similarityDataSchema = z.looseObject({
  node: nodeView.optional(),
  similar: z
    .array(
      nodeView.extend({
        rank: z.number(),
        score: z.number(),
        common_neighbors: z.number().optional(),
      }),
    )
    .optional(),
  pairs: z
    .array(
      pairView.extend({
        rank: z.number(),
        score: z.number(),
        common_neighbors: z.number().optional(),
      }),
    )
    .optional(),
  exact: z.boolean().optional(),
  note: z.string().optional(),
});

/** project_graph. */
export const projectionDataSchema = z.looseObject({
  node_type: z.string(),
  via: z.string(),
  weight_meaning: z.string().optional(),
  edge_count: z.number(),
  pairs: z.array(
    pairView.extend({ rank: z.number(), weight: z.number(), shared: z.number().optional() }),
  ),
});

/** flow_analysis. */
export const flowDataSchema = z.looseObject({
  source: z.string(),
  target: z.string(),
  max_flow: z.number(),
  capacity: z.string().optional(),
  cut_edges: z.array(z.looseObject({ source: z.string(), target: z.string() })).default([]),
  cut_edge_count: z.number().optional(),
});

/** spanning_tree. */
export const spanningTreeDataSchema = z.looseObject({
  kind: z.string().optional(),
  weighted: z.boolean().optional(),
  total_weight: z.number(),
  edge_count: z.number(),
  tree_count: z.number(),
  node_count: z.number().optional(),
  edges: z
    .array(z.looseObject({ source: z.string(), target: z.string(), weight: z.number() }))
    .default([]),
});

/** shortest_path with k > 1. */
export const kPathsDataSchema = z.looseObject({
  source: z.string(),
  target: z.string(),
  found: z.boolean(),
  weighted: z.boolean().optional(),
  paths: z
    .array(
      z.looseObject({
        rank: z.number(),
        length: z.number(),
        distance: z.number().nullable().optional(),
        path: z.array(z.string()),
      }),
    )
    .default([]),
});

/** query_graph. */
export const queryDataSchema = z.looseObject({
  sql: z.string().optional(),
  columns: z.array(z.string()).default([]),
  rows: z.array(z.array(z.unknown())).default([]),
  row_count: z.number().optional(),
  truncated: z.boolean().optional(),
});
