import "server-only";
import type { ToolCallOutcome } from "@/lib/agent/scheduler/tool-call-outcome";
import { recordGraphCleared, recordLoadedDataset } from "@/lib/db/queries/sessions";

const loadingTools = new Set([
  "load_constructed_graph",
  "switch_graph_version",
  "commit_graph_optimization",
]);

/**
 * Writes back what successful calls made true, for the next run (SS-4): the active dataset,
 * its construction status and revision after a load; `graph_loaded: false` after a clear.
 */
export async function recordSessionEffects(input: {
  sessionId: string;
  outcomes: ToolCallOutcome[];
}) {
  for (const outcome of input.outcomes) {
    if (outcome.status !== "succeeded" || !outcome.envelope?.success) continue;
    const data = (outcome.envelope.data ?? {}) as { dataset_id?: unknown; revision?: unknown };
    if (loadingTools.has(outcome.toolName) && typeof data.dataset_id === "string") {
      await recordLoadedDataset({
        sessionId: input.sessionId,
        datasetId: data.dataset_id,
        revision: typeof data.revision === "number" ? data.revision : null,
      });
    } else if (outcome.toolName === "clear_graph") {
      await recordGraphCleared({ sessionId: input.sessionId });
    }
  }
}
