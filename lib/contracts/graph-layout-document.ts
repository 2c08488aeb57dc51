import { z } from "zod";

// Client-safe: the engine lays out its documents as this type (lib/engine/documents) and the
// graph page parses them with this schema: one declaration for both.

export const graphColorByOptions = ["community", "type", "none"] as const;
export const graphSizeByOptions = ["pagerank", "degree", "betweenness", "none"] as const;

/** The prefix of a colouring by one node property: `property:<name>`. */
export const graphColorByPropertyPrefix = "property:";

/** Colouring by a node property's values (`property:club`). */
export const graphColorByPropertySchema = z.templateLiteral([
  graphColorByPropertyPrefix,
  z.string().min(1),
]);

/** What node colours mean: a fixed option or one node property. */
export const graphColorBySchema = z.union([
  z.enum(graphColorByOptions),
  graphColorByPropertySchema,
]);

export type GraphColorBy = z.infer<typeof graphColorBySchema>;
export type GraphSizeBy = (typeof graphSizeByOptions)[number];

const propertyValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/**
 * A GraphLayoutDocument (camelCase, unlike the rest of the API): a laid-out subgraph with
 * positions, colours and sizes ready to draw.
 */
export const graphLayoutDocumentSchema = z.object({
  kind: z.literal("graph_layout"),
  title: z.string(),
  datasetId: z.string().nullable(),
  revision: z.number().int().nullable(),
  graphNodeCount: z.number().int(),
  graphEdgeCount: z.number().int(),
  truncated: z.boolean(),
  colorBy: graphColorBySchema,
  sizeBy: z.enum(graphSizeByOptions),
  nodePropertyNames: z.array(z.string()).optional(),
  focusNodeIds: z.array(z.string()).optional(),
  nodes: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      type: z.string(),
      x: z.number(),
      y: z.number(),
      size: z.number(),
      color: z.string(),
      community: z.number().int().nullable(),
      score: z.number(),
      group: z.number().int().optional(),
      properties: z.record(z.string(), propertyValueSchema).optional(),
      degree: z.number().optional(),
    }),
  ),
  edges: z.array(
    z.object({
      source: z.string(),
      target: z.string(),
      type: z.string(),
      weight: z.number(),
    }),
  ),
  legend: z.array(
    z.object({
      community: z.number().int(),
      color: z.string(),
      nodeCount: z.number().int(),
      label: z.string().optional(),
    }),
  ),
});

export type GraphLayoutDocument = z.infer<typeof graphLayoutDocumentSchema>;

export type GraphLayoutNode = GraphLayoutDocument["nodes"][number];
