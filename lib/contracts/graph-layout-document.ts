import { z } from "zod";

// Client-safe: the graph page parses the engine's layout documents with this schema. The engine
// (lib/engine/documents/graph-layout-document.ts) keeps its own plain type, since it is a library
// that imports nothing of the app; graph-layout-document.test.ts checks the two are the same type.

export const graphColorByOptions = ["community", "type", "none"] as const;
export const graphSizeByOptions = ["pagerank", "degree", "betweenness", "none"] as const;

export type GraphColorBy = (typeof graphColorByOptions)[number];
export type GraphSizeBy = (typeof graphSizeByOptions)[number];

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
  colorBy: z.enum(graphColorByOptions),
  sizeBy: z.enum(graphSizeByOptions),
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
    }),
  ),
});

export type GraphLayoutDocument = z.infer<typeof graphLayoutDocumentSchema>;

export type GraphLayoutNode = GraphLayoutDocument["nodes"][number];
