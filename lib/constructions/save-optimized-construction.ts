import "server-only";
import { insertDerivedConstruction } from "@/lib/db/queries/constructions";
import { countByType } from "@/lib/engine/graph/count-by-type";
import type { GraphData } from "@/lib/engine/graph/graph-data";
import type { OptimizationOperation } from "@/lib/engine/optimization/apply-optimization";
import { encodeGraph, graphPayloadFormat } from "@/lib/engine/storage/graph-codec";
import { RevisionConflictError } from "./revision-conflict-error";
import { announceRevisionReady } from "./revision-ready-listeners";

/**
 * Saves an optimised graph as the dataset's next revision, recording its base and operations.
 * A commit that lost the race to another one from the same base fails with REVISION_CONFLICT.
 */
export async function saveOptimizedConstruction(input: {
  ownerId: string;
  projectId: string;
  datasetId: string;
  baseRevision: number;
  operations: OptimizationOperation[];
  graph: GraphData;
}) {
  const { graph } = input;
  const payload = encodeGraph(graph);
  const saved = await insertDerivedConstruction({
    datasetId: input.datasetId,
    ownerId: input.ownerId,
    projectId: input.projectId,
    baseRevision: input.baseRevision,
    operations: input.operations,
    summary: {
      directed: graph.directed,
      nodeCount: graph.nodeIds.length,
      edgeCount: graph.edgeSources.length,
      nodeTypes: countByType({ index: graph.nodeTypeIndex, names: graph.nodeTypeNames }),
      edgeTypes: countByType({ index: graph.edgeTypeIndex, names: graph.edgeTypeNames }),
    },
    payload: payload.bytes as Uint8Array<ArrayBuffer>,
    payloadFormat: graphPayloadFormat,
    payloadSha256: payload.sha256,
  });
  if (!saved.saved) {
    throw new RevisionConflictError({
      baseRevision: input.baseRevision,
      latestRevision: saved.latestRevision,
    });
  }
  announceRevisionReady({
    ownerId: input.ownerId,
    projectId: input.projectId,
    datasetId: input.datasetId,
    revision: saved.construction.revision,
  });
  return saved.construction;
}
