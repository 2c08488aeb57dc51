import { z } from "zod";

// Client-safe: the dataset page offers these formats and the export route and the export_graph
// tool accept them, so the list lives where both sides read it.

/** The formats a graph exports to: four graph files and a zip of spreadsheet tables. */
export const graphExportFormats = ["graphml", "gexf", "gml", "json", "csv"] as const;

export const graphExportFormatSchema = z.enum(graphExportFormats);

/** A graph export format. */
export type GraphExportFormat = z.infer<typeof graphExportFormatSchema>;

/** `GET /api/datasets/{dataset_id}/export` query: the format and the revision (default: newest). */
export const graphExportQuerySchema = z.object({
  format: graphExportFormatSchema,
  revision: z.coerce.number().int().positive().optional(),
});

export type GraphExportQuery = z.infer<typeof graphExportQuerySchema>;

/** The measures export_graph can add to every node as attributes. */
export const graphExportMeasures = [
  "pagerank",
  "degree",
  "degree_centrality",
  "betweenness",
  "eigenvector",
  "louvain",
  "leiden",
  "label_propagation",
  "connected_component",
] as const;

export type GraphExportMeasure = (typeof graphExportMeasures)[number];

/** What export_graph answers: the Derived workspace file it wrote. */
export type GraphExportResult = {
  file_id: string;
  name: string;
  bytes: number;
  format: GraphExportFormat;
  reference: string;
  version: number;
  nodes: number;
  edges: number;
  measures: GraphExportMeasure[];
};
