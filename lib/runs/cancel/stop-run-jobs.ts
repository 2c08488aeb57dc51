import "server-only";
import { isStopAsked } from "@/lib/contracts/run-status";
import { cancelRunJobTrees, countUnfinishedRunJobs } from "@/lib/db/queries/jobs";
import { listRunsAwaitingStopConfirmation } from "@/lib/db/queries/run-stop-confirmation";
import { pollRunningJobs } from "@/lib/jobs/job-worker";
import { runningJobs } from "@/lib/jobs/running-jobs";
import { confirmRunStopIfExited } from "./confirm-run-stop";

const settlePollMs = 200;
// A stop saved as pending is looked at often at first (most jobs stop within a second or two
// of their cancel), then less often: it may wait for minutes on a job that ignores its signal.
const confirmPollMs = 250;
const slowConfirmPollMs = 2_000;
const slowConfirmAfterMs = 30_000;

/**
 * Cancels every unfinished job of a run and their descendants (RC-5, JOB-6): queued ones end at
 * once; running ones are marked, and their worker — here at once, elsewhere within its poll —
 * aborts the handler, then records `cancelled`.
 */
export async function cancelRunJobs(input: { ownerId: string; runId: string }): Promise<void> {
  const changed = await cancelRunJobTrees(input);
  if (changed > 0) await pollRunningJobs();
}

// Jobs whose handler still runs in this process: executing whatever their row says.
function handlerJobIds(): string[] {
  return [...runningJobs().keys()];
}

/**
 * Waits until none of the run's jobs is queued or running (nor has a handler still running
 * here), for at most `timeoutMs`: long enough that most stops are saved and confirmed in one
 * write. After that the run saves what it has, and its stop stays `stopping` until
 * `awaitStopConfirmed` sees the last job exit (RC-6).
 */
export async function waitForRunJobsToEnd(input: {
  runId: string;
  timeoutMs: number;
}): Promise<{ settled: boolean }> {
  const deadline = Date.now() + input.timeoutMs;
  for (;;) {
    const unfinished = await countUnfinishedRunJobs({
      runId: input.runId,
      handlerJobIds: handlerJobIds(),
    });
    if (unfinished === 0) return { settled: true };
    if (Date.now() >= deadline) return { settled: false };
    await sleep(settlePollMs);
  }
}

/**
 * One look at a stop saved as pending: the run's job trees are cancelled again (a child a
 * still-running handler spawned after the stop is caught too), then the stop is confirmed if
 * nothing of the run executes any more. True once the stop is confirmed — by this call or
 * anyone before — or no stop waits any more.
 */
async function settleStop(input: { ownerId: string; runId: string }): Promise<boolean> {
  await cancelRunJobs(input);
  const { cancelStatus } = await confirmRunStopIfExited({
    runId: input.runId,
    handlerJobIds: handlerJobIds(),
  });
  return !isStopAsked(cancelStatus);
}

/**
 * The executor's side of a pending stop (RC-6): it keeps looking until the run's last job
 * exited and the stop is confirmed — here, or by another process's sweep — however long that
 * takes. No timer turns a stop into `confirmed`. If this process dies meanwhile, every other
 * process's run sweep (`settlePendingStops`) takes over.
 */
export async function awaitStopConfirmed(input: { ownerId: string; runId: string }) {
  const started = Date.now();
  let warned = false;
  for (;;) {
    try {
      if (await settleStop(input)) return;
    } catch (error) {
      console.warn(`run ${input.runId}: stop not confirmed yet (${firstLine(error)}); retrying`);
    }
    const waited = Date.now() - started;
    if (!warned && waited >= slowConfirmAfterMs) {
      warned = true;
      console.warn(`run ${input.runId}: stopped, still waiting for its jobs to exit`);
    }
    await sleep(waited >= slowConfirmAfterMs ? slowConfirmPollMs : confirmPollMs);
  }
}

/**
 * The run sweep's side of pending stops (RC-6): for every finished, saved run whose stop is not
 * confirmed — its executor saved it while jobs still ran, or died and the run was interrupted —
 * the run's jobs are cancelled (a dead executor cannot do it) and the stop confirmed once the
 * last of them exited. A job whose worker cannot be reached ends through the job sweep, which
 * settles it once its worker is proven gone. Returns the runs confirmed by this pass.
 */
export async function settlePendingStops(): Promise<string[]> {
  const confirmed: string[] = [];
  for (const run of await listRunsAwaitingStopConfirmation()) {
    try {
      await cancelRunJobs(run);
      const result = await confirmRunStopIfExited({
        runId: run.runId,
        handlerJobIds: handlerJobIds(),
      });
      if (result.confirmedNow) confirmed.push(run.runId);
    } catch (error) {
      console.warn(`run ${run.runId}: pending stop not settled (${firstLine(error)})`);
    }
  }
  return confirmed;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split("\n").find((line) => line.trim() !== "") ?? "unknown error";
}
