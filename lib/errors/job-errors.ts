import { ApiError } from "./api-error";

// The codes durable jobs throw (docs/api.md `get_job_status`, JOB-1…JOB-3, RC-4): each a
// class, so a throw site names what went wrong and the table in error-codes.ts gives the status.

type Details = Record<string, unknown> | undefined;

/** JOB_FAILED: the job ended in `failed`; its error travels in `details`. */
export class JobFailedError extends ApiError {
  constructor(message: string, details?: Details) {
    super({ code: "JOB_FAILED", message, details });
  }
}

/** JOB_CANCELLED: the job (or an ancestor) was cancelled before it delivered a result. */
export class JobCancelledError extends ApiError {
  constructor(message: string, details?: Details) {
    super({ code: "JOB_CANCELLED", message, details });
  }
}

/** RESULT_UNAVAILABLE: the job says `done` but holds no usable result (JOB-3). */
export class ResultUnavailableError extends ApiError {
  constructor(message: string, details?: Details) {
    super({ code: "RESULT_UNAVAILABLE", message, details });
  }
}

/**
 * REVISION_CONFLICT: a job registration carrying an execution generation older than its run's
 * current one (RC-4) — the phase that asked has been superseded, so nothing is registered.
 */
export class StaleExecutionGenerationError extends ApiError {
  constructor(input: { runId: string; generation: number; currentGeneration: number }) {
    super({
      code: "REVISION_CONFLICT",
      message: `Run ${input.runId} is at execution generation ${input.currentGeneration}; a job for generation ${input.generation} is not registered.`,
      details: {
        run_id: input.runId,
        execution_generation: input.generation,
        current_execution_generation: input.currentGeneration,
      },
    });
  }
}
