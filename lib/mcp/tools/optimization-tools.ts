import "server-only";
import { z } from "zod";
import { loadConstructionGraph } from "@/lib/backend/constructions/load-construction-graph";
import { findLatestRevision, insertDerivedConstruction } from "@/lib/db/queries/constructions";
import {
  applyOptimization,
  optimizationOperationSchema,
} from "@/lib/engine/optimization/apply-optimization";
import { encodeGraph, graphPayloadFormat } from "@/lib/engine/storage/graph-codec";
import { ApiError } from "@/lib/errors/api-error";
import { getDatasetInScope } from "../dataset-scope";
import { sessionGraphs } from "../engine-state";
import { countByType, describeLoadedGraph } from "../graph-info";
import { type McpIdentity, requireSession } from "../mcp-identity";
import { catalogue, defineTool } from "../tool-definition";

const inputSchema = z
  .object({
    dataset_id: z.string().min(1).max(100),
    base_revision: z.number().int().positive(),
    operations: z.array(optimizationOperationSchema).min(1).max(100),
  })
  .strict();

type OptimizationArgs = z.infer<typeof inputSchema>;

function revisionConflict(args: OptimizationArgs, latest: number | null) {
  return new ApiError({
    code: "REVISION_CONFLICT",
    status: 409,
    message: `Revision ${args.base_revision} is no longer the newest ready revision of the dataset (newest: ${latest ?? "none"}). Re-read the graph, preview again and ask for a new approval.`,
    details: { base_revision: args.base_revision, latest_revision: latest },
  });
}

/** Applies the operations to the saved base revision, refusing a stale base. */
async function optimize(args: OptimizationArgs, identity: McpIdentity) {
  const { scope, projectId } = await requireSession(identity);
  await getDatasetInScope({ ownerId: scope.ownerId, projectId, datasetId: args.dataset_id });
  const latest = await findLatestRevision({ ownerId: scope.ownerId, datasetId: args.dataset_id });
  if (latest !== args.base_revision) throw revisionConflict(args, latest);
  const { graph } = await loadConstructionGraph({
    ownerId: scope.ownerId,
    datasetId: args.dataset_id,
    revision: args.base_revision,
  });
  return { scope, projectId, result: applyOptimization({ graph, operations: args.operations }) };
}

/** Graph optimisation (AP-5): preview with no saved effect, then commit with approval. */
export const optimizationTools = [
  defineTool({
    name: "preview_graph_optimization",
    description:
      "Preview graph edits (remove_nodes, remove_edges, merge_nodes, drop_isolated, set_property) on a saved revision: reports what would change, saves nothing.",
    input: inputSchema,
    catalogue: catalogue({ reads: ["G", "C:{dataset_id}"] }),
    run: async (args, { identity }) => {
      const { result } = await optimize(args, identity);
      return {
        data: {
          dataset_id: args.dataset_id,
          base_revision: args.base_revision,
          effect: result.effect,
          warnings: result.warnings,
        },
        message: "Preview only: nothing was saved.",
      };
    },
  }),
  defineTool({
    name: "commit_graph_optimization",
    description:
      "Apply previewed graph edits to the base revision and save them as a new revision (REVISION_CONFLICT when the base is stale), then load it.",
    input: inputSchema,
    catalogue: catalogue({
      reads: ["C:{dataset_id}"],
      writes: ["C:{dataset_id}", "G"],
      approval: true,
    }),
    run: async (args, { identity }) => {
      const { scope, projectId, result } = await optimize(args, identity);
      const payload = encodeGraph(result.graph);
      const saved = await insertDerivedConstruction({
        datasetId: args.dataset_id,
        ownerId: scope.ownerId,
        projectId,
        baseRevision: args.base_revision,
        operations: args.operations,
        summary: {
          directed: result.graph.directed,
          nodeCount: result.graph.nodeIds.length,
          edgeCount: result.graph.edgeSources.length,
          nodeTypes: countByType(result.graph.nodeTypeIndex, result.graph.nodeTypeNames),
          edgeTypes: countByType(result.graph.edgeTypeIndex, result.graph.edgeTypeNames),
        },
        payload: payload.bytes as Uint8Array<ArrayBuffer>,
        payloadFormat: graphPayloadFormat,
        payloadSha256: payload.sha256,
      });
      if (!saved.saved) throw revisionConflict(args, saved.latestRevision);
      const loaded = sessionGraphs().load(scope, {
        graph: result.graph,
        origin: {
          kind: "construction",
          datasetId: args.dataset_id,
          revision: saved.construction.revision,
        },
      });
      return {
        data: {
          dataset_id: args.dataset_id,
          base_revision: args.base_revision,
          revision: saved.construction.revision,
          effect: result.effect,
          graph: describeLoadedGraph(loaded),
        },
        message: `Saved revision ${saved.construction.revision} and loaded it.`,
      };
    },
  }),
];
