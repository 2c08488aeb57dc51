import "server-only";
import { getDb } from "../client";

// The model calls of runs (`run_model_calls`): one row per call as it ended, read back for the
// run's usage, the project's usage page and the run timeline.

/** One model call as a run reports it. */
export type RunModelCallInput = {
  runId: string;
  ownerId: string;
  projectId: string;
  executionGeneration: number;
  purpose: "turn" | "memory_extraction";
  model: string;
  startedAt: Date;
  finishedAt: Date;
  inputTokens: number;
  outputTokens: number;
};

/** Saves one model call of a run. */
export async function insertRunModelCall(input: RunModelCallInput): Promise<void> {
  const db = await getDb();
  await db.runModelCall.create({ data: input });
}

/** The model calls of one of the owner's runs, in the order they started. */
export async function listRunModelCalls(input: { ownerId: string; runId: string }) {
  const db = await getDb();
  return db.runModelCall.findMany({
    where: { runId: input.runId, ownerId: input.ownerId },
    orderBy: [{ startedAt: "asc" }, { finishedAt: "asc" }],
    select: {
      model: true,
      purpose: true,
      executionGeneration: true,
      startedAt: true,
      finishedAt: true,
      inputTokens: true,
      outputTokens: true,
    },
  });
}

/** Per run and model of the owner's runs: how many calls, and the tokens they reported. */
export async function sumRunModelCalls(input: { ownerId: string; runIds: string[] }) {
  if (input.runIds.length === 0) return [];
  const db = await getDb();
  const groups = await db.runModelCall.groupBy({
    by: ["runId", "model"],
    where: { ownerId: input.ownerId, runId: { in: input.runIds } },
    _count: { _all: true },
    _sum: { inputTokens: true, outputTokens: true },
    _min: { startedAt: true },
  });
  return groups.map((group) => ({
    runId: group.runId,
    model: group.model,
    firstStartedAt: group._min.startedAt,
    modelCalls: group._count._all,
    inputTokens: group._sum.inputTokens ?? 0,
    outputTokens: group._sum.outputTokens ?? 0,
  }));
}
