import { z } from "zod";
import type { EnvelopeView } from "../steps/tool-outcome";

// Loose views of the `data` of each tool result (lib/mcp/tools/*): only the fields the answers
// use are required, so an engine that adds fields never breaks the offline model.

const nodeViewSchema = z.looseObject({
  id: z.string(),
  label: z.string().optional(),
  type: z.string().optional(),
});

/** A node as tools report it: id, label, type. */
export type NodeView = z.infer<typeof nodeViewSchema>;

/** get_graph_info, load_constructed_graph and the `graph` of a commit. */
export const graphDescriptionSchema = z.looseObject({
  loaded: z.boolean(),
  dataset_id: z.string().nullable().optional(),
  revision: z.number().nullable().optional(),
  version: z.number().optional(),
  origin: z.string().optional(),
  directed: z.boolean().optional(),
  weighted: z.boolean().optional(),
  weight_column: z.string().nullable().optional(),
  nodes: z.number().optional(),
  edges: z.number().optional(),
  node_types: z.record(z.string(), z.number()).optional(),
  edge_types: z.record(z.string(), z.number()).optional(),
});

/** What the session graph is, from a verification result. */
export type GraphDescription = z.infer<typeof graphDescriptionSchema>;

/** construct_graph. */
export const constructionDataSchema = z.looseObject({
  construction: z.looseObject({
    dataset_id: z.string().optional(),
    revision: z.number(),
    status: z.string(),
    node_count: z.number().optional(),
    edge_count: z.number().optional(),
  }),
});

/** node_centrality. */
export const centralityDataSchema = z.looseObject({
  algorithm: z.string(),
  weighted: z.boolean().optional(),
  weight_column: z.string().nullable().optional(),
  node_count: z.number().optional(),
  top: z.array(nodeViewSchema.extend({ rank: z.number(), score: z.number() })),
  truncated: z.boolean().optional(),
  sampled: z.boolean().optional(),
  sources: z.number().optional(),
  converged: z.boolean().optional(),
  iterations: z.number().optional(),
  exact: z.boolean().optional(),
  note: z.string().optional(),
});

/** The data of a node_centrality result. */
export type CentralityData = z.infer<typeof centralityDataSchema>;

/**
 * node_centrality with node_ids: those nodes' scores, with their ranks where the whole graph
 * was scored (closeness and harmonic score only the nodes asked: no rank).
 */
export const nodeScoresDataSchema = centralityDataSchema
  .omit({ top: true, truncated: true })
  .extend({
    nodes: z.array(nodeViewSchema.extend({ score: z.number(), rank: z.number().nullable() })),
  });

/** The data of a node_centrality result for given node_ids. */
export type NodeScoresData = z.infer<typeof nodeScoresDataSchema>;

/** community_detection. */
export const communityDataSchema = z.looseObject({
  algorithm: z.string(),
  community_count: z.number(),
  modularity: z.number(),
  communities: z.array(
    z.looseObject({
      community: z.number(),
      size: z.number(),
      members: z.array(z.string()),
      members_truncated: z.boolean().optional(),
    }),
  ),
  truncated: z.boolean().optional(),
  node_communities: z.array(nodeViewSchema.extend({ community: z.number() })).optional(),
});

/** The data of a community_detection result. */
export type CommunityData = z.infer<typeof communityDataSchema>;

/** search_node. */
export const searchDataSchema = z.looseObject({
  matches: z.array(
    nodeViewSchema.extend({ score: z.number().optional(), matchedOn: z.string().optional() }),
  ),
  total: z.number().optional(),
});

/** get_neighbors. */
export const neighboursDataSchema = z.looseObject({
  node: nodeViewSchema,
  depth: z.number(),
  neighbours: z.array(nodeViewSchema.extend({ hops: z.number() })),
  truncated: z.boolean().optional(),
});

/** The data of a get_neighbors result. */
export type NeighboursData = z.infer<typeof neighboursDataSchema>;

/** shortest_path. */
export const pathDataSchema = z.looseObject({
  source: z.string(),
  target: z.string(),
  weighted: z.boolean().optional(),
  weight_column: z.string().nullable().optional(),
  found: z.boolean(),
  length: z.number().nullable().optional(),
  distance: z.number().nullable().optional(),
  path: z.array(nodeViewSchema),
});

/** preview_graph_optimization and commit_graph_optimization. */
export const optimizationDataSchema = z.looseObject({
  dataset_id: z.string(),
  base_revision: z.number(),
  revision: z.number().optional(),
  effect: z.looseObject({
    nodesRemoved: z.number(),
    edgesRemoved: z.number(),
    nodesMerged: z.number().optional(),
    propertiesSet: z.number().optional(),
    before: z.object({ nodes: z.number(), edges: z.number() }),
    after: z.object({ nodes: z.number(), edges: z.number() }),
  }),
  warnings: z.array(z.string()).optional(),
  /** A commit names the operations it saved: a reviewer's modification may differ from the plan. */
  operations: z.array(z.looseObject({ op: z.string() })).optional(),
});

/** The data of a preview or commit result. */
export type OptimizationData = z.infer<typeof optimizationDataSchema>;

/** clear_graph. */
export const clearDataSchema = z.looseObject({ cleared: z.boolean() });

/** visualize_subgraph and create_analysis_report. */
export const artifactDataSchema = z.looseObject({
  artifact_id: z.string(),
  kind: z.string().optional(),
  nodes: z.number().optional(),
  edges: z.number().optional(),
  truncated: z.boolean().optional(),
  tools: z.array(z.string()).optional(),
});

/** The envelope's data read through a schema; null when it does not fit. */
export function readData<Schema extends z.ZodType>(
  schema: Schema,
  envelope: EnvelopeView,
): z.infer<Schema> | null {
  const parsed = schema.safeParse(envelope.data);
  return parsed.success ? parsed.data : null;
}

/** How answers name a node: "label (id)", or the id alone when it has no other label. */
export function nodeName(node: { id: string; label?: string }): string {
  return node.label && node.label !== node.id ? `${node.label} (${node.id})` : node.id;
}
