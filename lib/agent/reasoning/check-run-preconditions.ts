import type { PlannedToolCall, ToolDescriptor } from "@/lib/contracts/tool-descriptor";
import type { PreparedRun, RunPlanning } from "../run-agent-loop";
import type { RunPhaseRecord } from "../run-phase-record";
import { graphFactFromResults, graphFactOf } from "./graph-fact";
import { revisionsFromResults } from "./revisions-from-results";
import type { StagedReasoning } from "./staged-reasoning";

// Staged reasoning: the batch's preconditions, checked against this run's results and, when
// they say nothing of the graph, against the engine itself (a get_graph_info read).
export async function checkRunPreconditions(
  context: {
    run: Pick<PreparedRun, "runId" | "agent" | "execute">;
    descriptors: Map<string, ToolDescriptor>;
    record: RunPhaseRecord;
    signal: AbortSignal;
    planning: Pick<RunPlanning, "state" | "readModel">;
    reasoning: StagedReasoning;
  },
  turn: number,
  calls: PlannedToolCall[],
) {
  if (!context.reasoning.enabled) return;
  const { run, descriptors, signal } = context;
  const writesGraph = (toolName: string) =>
    Boolean(descriptors.get(toolName)?.catalogue?.resources.writes.includes("G"));
  await context.reasoning.checkBatch({
    calls,
    descriptors,
    state: context.planning.state,
    scopeDatasetIds: run.agent.scopeDatasetIds,
    builtThisRun: revisionsFromResults(context.record.toolCalls),
    sources: {
      graph: async () => {
        const known = graphFactFromResults({ results: context.record.toolCalls, writesGraph });
        if (known || !descriptors.has("get_graph_info")) return known;
        const probe = { toolCallId: `check-${run.runId}-${turn}`, toolName: "get_graph_info" };
        const envelope = await run.execute({ ...probe, args: {} }, signal).catch(() => null);
        return envelope
          ? graphFactOf({ ...probe, envelope, source: "get_graph_info, checked now" })
          : null;
      },
      model: (modelId) => context.planning.readModel(modelId),
    },
  });
}
