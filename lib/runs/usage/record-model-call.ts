import "server-only";
import type { ModelCall } from "@/lib/contracts/model-call";
import { insertRunModelCall } from "@/lib/db/queries/run-model-calls";

/**
 * The run's `onModelCall` for usage: saves each model call of the phase (turns and memory
 * extraction) with the run, its owner, project and generation. Usage is an account of the run,
 * not a step of it: a save that fails is logged and the run goes on.
 */
export function modelCallRecorder(run: {
  runId: string;
  ownerId: string;
  projectId: string;
  generation: number;
}): (call: ModelCall) => Promise<void> {
  return async (call) => {
    try {
      await insertRunModelCall({
        runId: run.runId,
        ownerId: run.ownerId,
        projectId: run.projectId,
        executionGeneration: run.generation,
        purpose: call.purpose,
        model: call.model,
        startedAt: call.startedAt,
        finishedAt: call.finishedAt,
        inputTokens: call.inputTokens,
        outputTokens: call.outputTokens,
      });
    } catch (error) {
      console.error(`run ${run.runId}: a model call was not saved; its usage is missing:`, error);
    }
  };
}
