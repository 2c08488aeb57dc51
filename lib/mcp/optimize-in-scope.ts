import "server-only";
import { optimizeConstruction } from "@/lib/constructions/optimize-construction";
import type { GraphOptimizationInput } from "@/lib/contracts/tool-inputs/preview-graph-optimization-input";
import { getDatasetInScope } from "./dataset-scope";
import { type McpIdentity, requireSession } from "./mcp-identity";

/**
 * The optimisation both preview and commit start from: the operations applied, in memory, to a
 * dataset of the session's project at a base revision that is still its newest.
 */
export async function optimizeInScope(input: {
  args: GraphOptimizationInput;
  identity: McpIdentity;
}) {
  const { args } = input;
  const { scope, projectId } = await requireSession(input.identity);
  await getDatasetInScope({
    ...scope,
    projectId,
    runId: input.identity.runId,
    run: input.identity.resolved?.run,
    datasetId: args.dataset_id,
  });
  const result = await optimizeConstruction({
    ownerId: scope.ownerId,
    datasetId: args.dataset_id,
    baseRevision: args.base_revision,
    operations: args.operations,
  });
  return { scope, projectId, result };
}
