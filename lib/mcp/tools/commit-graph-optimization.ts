import "server-only";
import { saveOptimizedConstruction } from "@/lib/constructions/save-optimized-construction";
import { commitGraphOptimizationInputSchema } from "@/lib/contracts/tool-inputs/commit-graph-optimization-input";
import { describeLoadedGraph } from "../graph-info";
import { optimizeInScope } from "../optimize-in-scope";
import {
  recordLoadedVersion,
  retryOnSessionGraphConflict,
  sessionGraphsOf,
} from "../session-graph-cache";
import { catalogue, defineTool } from "../tool-definition";

/** commit_graph_optimization (AP-5): saves the approved edits as a new revision and loads it. */
export const commitGraphOptimizationTool = defineTool({
  name: "commit_graph_optimization",
  description:
    "Apply previewed graph edits to the base revision and save them as a new revision (REVISION_CONFLICT when the base is stale), then load it.",
  input: commitGraphOptimizationInputSchema,
  catalogue: catalogue({
    reads: ["C:{dataset_id}"],
    writes: ["C:{dataset_id}", "G"],
    approval: true,
  }),
  run: async (args, { identity }) => {
    const { scope, projectId, result } = await optimizeInScope({ args, identity });
    const construction = await saveOptimizedConstruction({
      ownerId: scope.ownerId,
      projectId,
      datasetId: args.dataset_id,
      baseRevision: args.base_revision,
      operations: args.operations,
      graph: result.graph,
    });
    // The revision is saved; loading it replaces whatever the session holds, also when another
    // instance changed the session meanwhile (the load is then made again on its state).
    const loaded = await retryOnSessionGraphConflict(async () => {
      const version = (await sessionGraphsOf(scope, { replacingCurrent: true })).load(scope, {
        graph: result.graph,
        origin: {
          kind: "construction",
          datasetId: args.dataset_id,
          revision: construction.revision,
        },
      });
      await recordLoadedVersion(scope, version);
      return version;
    });
    return {
      data: {
        dataset_id: args.dataset_id,
        base_revision: args.base_revision,
        revision: construction.revision,
        // What was saved, as it ran: after an approval with modified arguments, not the proposal.
        operations: args.operations,
        effect: result.effect,
        graph: describeLoadedGraph(loaded),
      },
      message: `Saved revision ${construction.revision} and loaded it.`,
    };
  },
});
