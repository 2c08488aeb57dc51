import "server-only";
import { terminalEventTypes } from "@/lib/contracts/run-event";
import { executingRunStatuses, type RunStatus } from "@/lib/contracts/run-status";
import { emptyRunUsage, type RunUsage } from "@/lib/contracts/usage";
import { findLastRunEventTimes, listTimedRunEvents } from "@/lib/db/queries/run-events";
import { sumRunModelCalls } from "@/lib/db/queries/run-model-calls";
import { countStartedToolCalls } from "@/lib/db/queries/tool-call-lookups";
import { activeSeconds, type PhaseBoundary, phaseBoundaryTypes } from "./active-seconds";

/** A run as its usage needs it: whether it still executes, and when it ended. */
export type UsageRun = { id: string; runStatus: RunStatus; finishedAt: Date | null };

/** One model's calls within a run. */
export type RunModelUsage = {
  model: string;
  modelCalls: number;
  inputTokens: number;
  outputTokens: number;
  firstStartedAt: Date | null;
};

/** A run's usage, and its model calls by model (the first model is the run's own). */
export type RunUsageDetail = { usage: RunUsage; byModel: RunModelUsage[] };

/**
 * The usage of the owner's runs, from what was saved: their model calls, the tool calls that
 * started, and the times their phases began and ended (see activeSeconds). Three reads for any
 * number of runs; a run with nothing saved yet used nothing.
 */
export async function readRunUsages(input: {
  ownerId: string;
  runs: readonly UsageRun[];
  now?: Date;
}): Promise<Map<string, RunUsageDetail>> {
  const runIds = input.runs.map((run) => run.id);
  const now = input.now ?? new Date();
  const interrupted = input.runs.filter((run) => run.runStatus === "interrupted");
  const [modelCalls, toolCalls, boundaries, lastWork] = await Promise.all([
    sumRunModelCalls({ ownerId: input.ownerId, runIds }),
    countStartedToolCalls({ ownerId: input.ownerId, runIds }),
    listTimedRunEvents({ ownerId: input.ownerId, runIds, types: phaseBoundaryTypes }),
    findLastRunEventTimes({
      ownerId: input.ownerId,
      runIds: interrupted.map((run) => run.id),
      exceptTypes: [...terminalEventTypes],
    }),
  ]);
  const byModel = groupByRun(modelCalls);
  const toolCallsByRun = new Map(toolCalls.map((row) => [row.runId, row.toolCalls]));
  const boundariesByRun = groupByRun(boundaries);
  const usages = new Map<string, RunUsageDetail>();
  for (const run of input.runs) {
    const models = (byModel.get(run.id) ?? []).sort(
      (a, b) => (a.firstStartedAt?.getTime() ?? 0) - (b.firstStartedAt?.getTime() ?? 0),
    );
    const usage: RunUsage = {
      ...emptyRunUsage,
      tool_calls: toolCallsByRun.get(run.id) ?? 0,
      seconds: activeSeconds({
        boundaries: (boundariesByRun.get(run.id) ?? []) as PhaseBoundary[],
        openPhaseEnd: executingRunStatuses.has(run.runStatus) ? now : run.finishedAt,
        cutOffAt: lastWork.get(run.id) ?? null,
      }),
    };
    for (const model of models) {
      usage.model_calls += model.modelCalls;
      usage.input_tokens += model.inputTokens;
      usage.output_tokens += model.outputTokens;
    }
    usages.set(run.id, { usage, byModel: models });
  }
  return usages;
}

/** The usage of one of the owner's runs. */
export async function readRunUsage(input: { ownerId: string; run: UsageRun }): Promise<RunUsage> {
  const usages = await readRunUsages({ ownerId: input.ownerId, runs: [input.run] });
  return usages.get(input.run.id)?.usage ?? emptyRunUsage;
}

function groupByRun<Row extends { runId: string }>(rows: readonly Row[]): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const group = groups.get(row.runId);
    if (group) group.push(row);
    else groups.set(row.runId, [row]);
  }
  return groups;
}
