import { ApiError } from "./api-error";

/**
 * A graph-engine call from a phase its run has moved past: the call's X-Execution-Generation is
 * lower than the run's current one (a late call of a phase an approval continued, RC-4).
 *
 * REVISION_CONFLICT, not APPROVAL_CONFLICT or INVALID_REQUEST: the call is well formed and no
 * human decision is refused — it was made against an older revision of the run's control state,
 * the same conflict a job registration from an old generation answers with
 * (StaleExecutionGenerationError), so a caller treats both alike: drop the work, never retry it.
 */
export class StaleCallGenerationError extends ApiError {
  constructor(input: { runId: string; generation: number; currentGeneration: number }) {
    super({
      code: "REVISION_CONFLICT",
      message: `Run ${input.runId} is at execution generation ${input.currentGeneration}; a call from generation ${input.generation} is not run.`,
      details: {
        run_id: input.runId,
        execution_generation: input.generation,
        current_execution_generation: input.currentGeneration,
      },
    });
  }
}
