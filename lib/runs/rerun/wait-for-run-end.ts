import "server-only";
import { finishedRunStatuses, type RunStatus } from "@/lib/contracts/run-status";
import { findRunForOwner } from "@/lib/db/queries/runs";

const pollMs = 250;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * Waits until a run has finished and its final state is saved (read from the database, so the
 * run may execute in any process). A run paused for an approval is waited for too: a re-run
 * never decides an approval on its owner's behalf; the owner does, in the re-run's conversation.
 */
export async function waitForRunEnd(input: {
  ownerId: string;
  runId: string;
  signal: AbortSignal;
}): Promise<RunStatus> {
  for (;;) {
    const run = await findRunForOwner({ ownerId: input.ownerId, runId: input.runId });
    if (!run) throw new Error(`run ${input.runId} is gone`);
    if (run.terminalPersisted && finishedRunStatuses.has(run.runStatus)) return run.runStatus;
    await sleep(pollMs, input.signal);
  }
}
