import "server-only";
import {
  appendJobProgress,
  claimJob,
  finishJob,
  recordHandOff,
  retireSupersededJob,
} from "@/lib/db/queries/jobs-worker";
import { ApiError } from "@/lib/errors/api-error";
import { traceJob } from "@/lib/telemetry/job-span";
import { enqueueJob } from "./enqueue-job";
import { getJobKind, type JobHandlerContext, type RunningJob } from "./job-kind-registry";
import type { QueuePayload } from "./job-queue";
import type { JsonValue } from "./json-value";
import { runningJobs, type StopReason } from "./running-jobs";

/**
 * Runs one queue message: claims the attempt in our table (only one delivery wins), runs the
 * kind's handler with a signal the worker's poll can abort, and writes the terminal state. Every
 * write is conditional (lib/db/queries/jobs-worker.ts), so a job the sweep settled, a cancelled
 * one or one of a superseded generation is never overwritten by its late handler.
 */
export async function runQueuedJob(input: {
  payload: QueuePayload;
  /** This process's worker: its executor id and the key of the lock it holds. */
  worker: { workerId: string; lockKey: number };
  shutdownSignal: AbortSignal;
}): Promise<void> {
  const { jobId, attempt } = input.payload;
  const owner = { jobId, attempt, workerId: input.worker.workerId };
  const controller = new AbortController();
  let stopReason: StopReason | undefined;
  const stop = (reason: StopReason) => {
    stopReason ??= reason;
    controller.abort(new Error(`job ${jobId} stopped: ${reason}`));
  };
  // A second delivery of a job this process already runs: the first one owns it.
  if (runningJobs().has(jobId)) return;
  // Listed before the claim (a second delivery meanwhile returns above); the poll looks at it
  // only once the claim has landed.
  const entry = { attempt, stop, claimed: false };
  runningJobs().set(jobId, entry);
  try {
    const job = await claimJob({ ...owner, workerLockKey: input.worker.lockKey });
    if (!job) {
      await retireSupersededJob({ jobId });
      return;
    }
    entry.claimed = true;
    const kind = getJobKind({ kind: job.kind });
    if (!kind) {
      await finishJob({
        ...owner,
        status: "failed",
        errorCode: "JOB_FAILED",
        errorMessage: `This worker has no handler for job kind "${job.kind}".`,
      });
      return;
    }
    const onShutdown = () => stop("shutdown");
    input.shutdownSignal.addEventListener("abort", onShutdown, { once: true });
    const context = handlerContext({ job, owner, signal: controller.signal });
    let outcome: { result: JsonValue | undefined } | { error: unknown };
    try {
      // The job's span `job {kind}`, linked to its run (a no-op without tracing).
      outcome = {
        result: await traceJob({ job, traceContext: job.traceContext }, () =>
          kind.handler(context.handlerContext),
        ),
      };
    } catch (error) {
      outcome = { error };
    } finally {
      input.shutdownSignal.removeEventListener("abort", onShutdown);
    }
    await context.drainProgress();
    await recordOutcomeDurably({ owner, outcome, stopReason: () => stopReason });
  } finally {
    runningJobs().delete(jobId);
  }
}

type Owner = { jobId: string; attempt: number; workerId: string };

function handlerContext(input: {
  job: RunningJob & { input: unknown };
  owner: Owner;
  signal: AbortSignal;
}) {
  const { job, owner } = input;
  // One job's progress rows are written one at a time, in the order they were reported.
  let chain: Promise<unknown> = Promise.resolve();
  const handlerContext: JobHandlerContext = {
    job: {
      id: job.id,
      kind: job.kind,
      ownerId: job.ownerId,
      projectId: job.projectId,
      sessionId: job.sessionId,
      runId: job.runId,
      executionGeneration: job.executionGeneration,
      parentJobId: job.parentJobId,
      toolCallId: job.toolCallId,
      attempt: job.attempt,
    },
    input: (job.input ?? {}) as JobHandlerContext["input"],
    signal: input.signal,
    reportProgress: (report) => {
      const write = chain.then(() =>
        appendJobProgress({
          ...owner,
          stage: report.stage,
          pct: Math.min(100, Math.max(0, Number.isFinite(report.pct) ? report.pct : 0)),
          message: report.message ?? "",
        }),
      );
      chain = write.catch(() => undefined);
      return write.then(() => undefined);
    },
    spawnChild: async (child) => {
      const { jobId } = await enqueueJob({
        ownerId: job.ownerId,
        projectId: job.projectId,
        sessionId: job.sessionId ?? undefined,
        runId: job.runId ?? undefined,
        executionGeneration: job.executionGeneration ?? undefined,
        parentJobId: job.id,
        toolCallId: job.toolCallId ?? undefined,
        kind: child.kind,
        input: child.input,
      });
      if (child.handOff) await recordHandOff({ ...owner, childJobId: jobId });
      return { jobId };
    },
  };
  return { handlerContext, drainProgress: () => chain };
}

// Retry delays of a terminal write that failed (a database blip): about a minute in all.
const recordRetryDelaysMs = [500, 1000, 2000, 4000, 8000, 15_000, 30_000];

/**
 * Writes the outcome, retrying when the database fails. The sweep never settles this worker's
 * own jobs (the worker is alive), so a job whose terminal write was lost would otherwise stay
 * `running` until this worker stops; after the retries it does exactly that, with a warning.
 */
async function recordOutcomeDurably(input: {
  owner: Owner;
  outcome: { result: JsonValue | undefined } | { error: unknown };
  stopReason: () => StopReason | undefined;
}): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await recordOutcome({ ...input, stopReason: input.stopReason() });
      return;
    } catch (error) {
      const delay = recordRetryDelaysMs[attempt];
      const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
      if (delay === undefined) {
        console.warn(
          `jobs: could not record the outcome of job ${input.owner.jobId} (${message}); it stays running until this worker stops`,
        );
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

async function recordOutcome(input: {
  owner: Owner;
  outcome: { result: JsonValue | undefined } | { error: unknown };
  stopReason: StopReason | undefined;
}): Promise<void> {
  const { owner, outcome, stopReason } = input;
  // The sweep settles a job whose worker stops (re-queued when it wrote nothing), and a
  // superseded or lost job is not ours to write any more.
  if (stopReason === "shutdown" || stopReason === "lost") return;
  if (stopReason === "superseded") {
    await retireSupersededJob({ jobId: owner.jobId });
    return;
  }
  let landed: boolean;
  if (stopReason === "cancelled") {
    landed = await finishJob({
      ...owner,
      status: "cancelled",
      errorCode: "JOB_CANCELLED",
      errorMessage: "The job was cancelled.",
    });
  } else if ("error" in outcome) {
    const message = outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
    landed = await finishJob({
      ...owner,
      status: "failed",
      // A handler's stable code says what went wrong (a construction's PARSE_ERROR or
      // UPLOAD_UNAVAILABLE, which the Build control shows); anything else is JOB_FAILED.
      errorCode: ApiError.isInstance(outcome.error) ? outcome.error.code : "JOB_FAILED",
      errorMessage: message,
    });
  } else {
    landed = await finishJob({ ...owner, status: "done", result: outcome.result ?? null });
  }
  // Refused: its run moved to a newer generation meanwhile (RC-4) — retire it, result unseen.
  if (!landed) await retireSupersededJob({ jobId: owner.jobId });
}
