import { z } from "zod";
import { graphExportFormatSchema, graphExportMeasures } from "../graph-export";

/** Arguments of export_graph: the format, measures to add as node attributes, the file name. */
export const exportGraphInputSchema = z
  .object({
    format: graphExportFormatSchema.describe(
      "graphml (Gephi, Cytoscape, yEd, NetworkX), gexf (Gephi), gml, json (node-link, NetworkX / d3) or csv (a zip of nodes.csv, edges.csv and graph.json for spreadsheets).",
    ),
    measures: z
      .array(z.enum(graphExportMeasures))
      .max(graphExportMeasures.length)
      .default([])
      .describe(
        'Measures computed now and added to every node as attributes of the same name, e.g. ["pagerank", "louvain", "degree"].',
      ),
    name: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .describe(
        "The Derived file name; default graph-export.<extension>. Each export is a new version.",
      ),
  })
  .strict();

/** Validated export_graph arguments, defaults filled in. */
export type ExportGraphInput = z.infer<typeof exportGraphInputSchema>;
