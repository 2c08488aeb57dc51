import "server-only";
import { findLatestRevision } from "@/lib/db/queries/constructions";
import {
  applyOptimization,
  type OptimizationOperation,
} from "@/lib/engine/optimization/apply-optimization";
import { loadConstructionGraph } from "./load-construction-graph";
import { RevisionConflictError } from "./revision-conflict-error";

/**
 * Applies optimisation operations to a saved revision, in memory only. The base must still be
 * the newest ready revision: edits previewed on a stale base would be approved for a graph that
 * no longer exists.
 */
export async function optimizeConstruction(input: {
  ownerId: string;
  datasetId: string;
  baseRevision: number;
  operations: OptimizationOperation[];
}) {
  const latest = await findLatestRevision({ ownerId: input.ownerId, datasetId: input.datasetId });
  if (latest !== input.baseRevision) {
    throw new RevisionConflictError({ baseRevision: input.baseRevision, latestRevision: latest });
  }
  const { graph } = await loadConstructionGraph({
    ownerId: input.ownerId,
    datasetId: input.datasetId,
    revision: input.baseRevision,
  });
  return applyOptimization({ graph, operations: input.operations });
}
