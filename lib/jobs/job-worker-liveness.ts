import { isExecutorGone } from "@/lib/process/executor-liveness";

/** Proof that a running job's worker is gone, and the reason the job's error message gives. */
export type WorkerGoneProof = { evidence: "process" | "lock" | "no-worker"; reason: string };

/**
 * Judges a running job's worker. Only proof settles a job: the worker's process has exited (same
 * host: /proc, where a zombie or a reused pid counts as exited), or the session-level advisory
 * lock it held on its own database connection is gone (any host). Nothing else does — not a late
 * heartbeat (a worker starved of CPU is slow, not dead), and not this very worker's own job that
 * no handler here lists yet (a claim whose handler is still registering). Null: no proof, keep it.
 */
export function proveWorkerGone(input: {
  job: { workerId: string | null; workerLockKey: number | null; workerLockHeld: boolean };
  /** The worker of this process, when one runs here. */
  self?: { workerId: string; lockKey: number };
}): WorkerGoneProof | null {
  const { job, self } = input;
  if (job.workerId === null) {
    return { evidence: "no-worker", reason: "no worker was recorded as running it" };
  }
  // This process, under the lock it holds now: alive by definition.
  if (self && job.workerId === self.workerId && job.workerLockKey === self.lockKey) return null;
  if (isExecutorGone({ executorId: job.workerId })) {
    return { evidence: "process", reason: `worker ${job.workerId} has exited` };
  }
  if (job.workerLockKey !== null && !job.workerLockHeld) {
    return {
      evidence: "lock",
      reason: `worker ${job.workerId} lost its database connection (lock ${job.workerLockKey} is gone)`,
    };
  }
  return null;
}
