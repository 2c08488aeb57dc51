import "server-only";
import type { GraphExportResult } from "@/lib/contracts/graph-export";
import { exportGraphInputSchema } from "@/lib/contracts/tool-inputs/export-graph-input";
import { graphExportWriters } from "@/lib/exports/graph-export-formats";
import { graphExportChunks, graphExportNodeStream } from "@/lib/exports/graph-export-stream";
import { writeDerivedFile } from "@/lib/workspace/write-derived-file";
import { requireSession } from "../mcp-identity";
import { computeNodeMeasures } from "../node-measures";
import { sessionGraphsOf } from "../session-graph-cache";
import { catalogue, defineTool } from "../tool-definition";

/** export_graph: the session graph, with measures as node attributes, as a Derived file. */
export const exportGraphTool = defineTool({
  name: "export_graph",
  description:
    "Write the session graph with every node and edge property to a Derived workspace file (graphml, gexf, gml, json node-link, or csv: a zip of nodes.csv, edges.csv, graph.json), optionally with measures computed now added as node attributes (pagerank, louvain, degree, …), e.g. for Gephi or a spreadsheet.",
  input: exportGraphInputSchema,
  catalogue: catalogue({ reads: ["G"], writes: ["DOC"] }),
  run: async (args, { identity, signal }) => {
    const { scope } = await requireSession(identity);
    const loaded = (await sessionGraphsOf(scope)).currentOrThrow(scope);
    const measures = await computeNodeMeasures({ loaded, measures: args.measures, signal });
    const name = args.name ?? `graph-export.${graphExportWriters[args.format].extension}`;
    const chunks = graphExportChunks({ graph: loaded.graph, format: args.format, measures });
    const published = await writeDerivedFile({
      ownerId: scope.ownerId,
      sessionId: scope.sessionId,
      name,
      content: graphExportNodeStream(chunks),
    });
    return {
      data: {
        file_id: published.file_id,
        name: published.path,
        bytes: published.bytes,
        format: args.format,
        reference: published.reference,
        version: published.version,
        nodes: loaded.graph.nodeIds.length,
        edges: loaded.graph.edgeSources.length,
        measures: measures.map((measure) => measure.name) as GraphExportResult["measures"],
      } satisfies GraphExportResult,
    };
  },
});
