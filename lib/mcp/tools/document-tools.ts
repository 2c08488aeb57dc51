import "server-only";
import { z } from "zod";
import { insertArtifact } from "@/lib/db/queries/artifacts";
import { computeDegrees } from "@/lib/engine/algorithms/degree";
import { selectTopK } from "@/lib/engine/algorithms/top-k";
import { layoutSubgraph } from "@/lib/engine/documents/layout-subgraph";
import { renderAnalysisReport } from "@/lib/engine/documents/render-analysis-report";
import type { LoadedGraph } from "@/lib/engine/session/loaded-graph";
import { extractSubgraph } from "@/lib/engine/subgraph/extract-subgraph";
import { sessionGraphs } from "../engine-state";
import { requireSession } from "../mcp-identity";
import { catalogue, defineTool } from "../tool-definition";

/**
 * One raw result of an earlier tool call, as the report groups them: the tool's MCP envelope
 * (`{success, status, data, …}`) or its `data` object. Declared as an object (not "anything") so
 * clients that check schema portability know what to send; its fields are any JSON because every
 * tool's result has its own shape.
 */
const rawToolResultSchema = z
  .record(z.string(), z.json())
  .describe(
    "A raw tool result: the tool's envelope {success, status, data, …} or its data object.",
  );

/** The node ids a view shows: the asked ones, a neighbourhood, or the best-connected nodes. */
function viewNodeIds(
  loaded: LoadedGraph,
  limit: number,
): { nodeIds: string[]; seed?: string; truncated: boolean } {
  if (loaded.graph.nodeIds.length <= limit)
    return { nodeIds: loaded.graph.nodeIds, truncated: false };
  const top = selectTopK({ scores: computeDegrees({ csr: loaded.csr }), k: limit });
  return { nodeIds: top.items.map((item) => loaded.graph.nodeIds[item.node]), truncated: true };
}

/** Documents: a laid-out subgraph view and an analysis report, both stored as artefacts. */
export const documentTools = [
  defineTool({
    name: "visualize_subgraph",
    description:
      "Lay out a subgraph (node ids, a seed and depth, or the best-connected nodes) coloured by community and sized by centrality; stores it as a viewable artefact.",
    input: z
      .object({
        node_ids: z.array(z.string()).max(5000).optional(),
        seed: z.string().optional(),
        depth: z.number().int().min(0).max(4).default(1),
        color_by: z.enum(["community", "type", "none"]).default("community"),
        size_by: z.enum(["pagerank", "degree", "betweenness", "none"]).default("pagerank"),
        limit: z.number().int().min(1).max(5000).default(500),
        title: z.string().max(200).optional(),
      })
      .strict(),
    catalogue: catalogue({ reads: ["G"], writes: ["DOC"] }),
    run: async (args, { identity, signal }) => {
      const { scope, projectId } = await requireSession(identity);
      const loaded = sessionGraphs().currentOrThrow(scope);
      const chosen: { nodeIds?: string[]; seed?: string; truncated: boolean } =
        args.node_ids || args.seed
          ? { nodeIds: args.node_ids, seed: args.seed, truncated: false }
          : viewNodeIds(loaded, args.limit);
      const cut = extractSubgraph({
        graph: loaded.graph,
        csr: loaded.csr,
        ids: loaded.ids,
        nodeIds: chosen.nodeIds,
        seed: chosen.seed,
        depth: args.depth,
        limit: args.limit,
      });
      const document = await layoutSubgraph({
        graph: cut.graph,
        title: args.title ?? "Graph view",
        colorBy: args.color_by,
        sizeBy: args.size_by,
        seed: 42,
        datasetId: loaded.datasetId,
        revision: loaded.revision,
        graphNodeCount: loaded.graph.nodeIds.length,
        graphEdgeCount: loaded.graph.edgeSources.length,
        truncated: chosen.truncated || cut.truncated,
        signal,
      });
      const artifact = await insertArtifact({
        ownerId: scope.ownerId,
        projectId,
        sessionId: scope.sessionId,
        kind: "graph_layout",
        title: document.title,
        content: document,
      });
      return {
        data: {
          artifact_id: artifact.id,
          kind: "graph_layout",
          nodes: document.nodes.length,
          edges: document.edges.length,
          truncated: document.truncated,
          legend: document.legend,
          missing: cut.missing,
        },
      };
    },
  }),
  defineTool({
    name: "create_analysis_report",
    description:
      "Write a Markdown/HTML report from earlier tool results, grouped by the real tool name that produced them; stored as an artefact. A report explains results, it does not prove them.",
    input: z
      .object({
        title: z.string().min(1).max(200),
        source_results: z.record(z.string().min(1).max(100), z.array(rawToolResultSchema).max(50)),
        format: z.enum(["markdown", "html", "both"]).default("both"),
      })
      .strict(),
    catalogue: catalogue({ writes: ["DOC"] }),
    run: async (args, { identity }) => {
      const { scope, projectId } = await requireSession(identity);
      const report = renderAnalysisReport({
        title: args.title,
        sourceResults: args.source_results,
        format: args.format,
        generatedAt: new Date(),
      });
      const artifact = await insertArtifact({
        ownerId: scope.ownerId,
        projectId,
        sessionId: scope.sessionId,
        kind: "analysis_report",
        title: args.title,
        content: { format: args.format, ...report, tools: Object.keys(args.source_results) },
      });
      return {
        data: {
          artifact_id: artifact.id,
          kind: "analysis_report",
          tools: Object.keys(args.source_results),
          markdown: report.markdown,
        },
      };
    },
  }),
];
