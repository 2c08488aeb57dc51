import "server-only";
import { insertJob, recordQueueJobId } from "@/lib/db/queries/jobs";
import { currentTraceCarrier } from "@/lib/telemetry/trace-carrier";
import { sendJobToQueue } from "./job-queue";
import type { JsonObject } from "./json-value";

/**
 * Registers a job and dispatches it. Our row is written first and the queue message after, so
 * a crash between the two leaves a queued row the sweep re-sends — never a message for a job
 * nobody recorded, nor a recorded job nobody will run. A run's job carries the generation that
 * asked for it; an older one than the run's current generation registers nothing (RC-4, throws
 * StaleExecutionGenerationError).
 */
export async function enqueueJob(input: {
  ownerId: string;
  projectId: string;
  sessionId?: string;
  runId?: string;
  executionGeneration?: number;
  kind: string;
  input: JsonObject;
  parentJobId?: string;
  /** The tool call that asked for it (its progress shows on that call's card). */
  toolCallId?: string;
}): Promise<{ jobId: string }> {
  // The span active now (the engine's tools/call of a run, or a parent job) is what the job's
  // span links to, wherever and whenever the job runs.
  const traceCarrier = currentTraceCarrier();
  const job = await insertJob({
    ...input,
    traceContext: traceCarrier.traceparent ? traceCarrier : null,
  });
  try {
    const { queueJobId } = await sendJobToQueue({ jobId: job.id, attempt: job.attempt });
    await recordQueueJobId({ jobId: job.id, attempt: job.attempt, queueJobId });
  } catch (error) {
    // The job is recorded; only its wake-up failed. The sweep sends it again.
    const message = error instanceof Error ? error.message : String(error);
    console.warn(
      `jobs: job ${job.id} recorded but not dispatched yet (${message}); the sweep re-sends it`,
    );
  }
  return { jobId: job.id };
}
