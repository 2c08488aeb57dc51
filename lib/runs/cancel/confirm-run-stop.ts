import { confirmRunCancelIntents } from "@/lib/db/queries/cancel-intents";
import { countUnfinishedRunJobs } from "@/lib/db/queries/jobs";
import {
  findRunSession,
  readRunStopConfirmationState,
  saveRunStopConfirmed,
} from "@/lib/db/queries/run-stop-confirmation";
import { withSessionLock } from "@/lib/db/queries/session-lock";
import { decideStopConfirmation } from "./decide-stop-confirmation";

/**
 * Confirms a run's pending stop once nothing of it executes (`decideStopConfirmation`): in one
 * short transaction under the session lock, the run's jobs are counted — `handlerJobIds`, jobs
 * whose handler still runs in this process, count whatever their row says — and `confirmed` is
 * written with the exit evidence (`execution_stopped`) and the cancel intents. Conditional, so of
 * any number of processes trying, one confirms. Answers the cancel status after, and whether
 * this call confirmed it.
 */
export async function confirmRunStopIfExited(input: {
  runId: string;
  handlerJobIds: readonly string[];
}): Promise<{ cancelStatus: string | null; confirmedNow: boolean }> {
  const found = await findRunSession(input.runId);
  if (!found) return { cancelStatus: null, confirmedNow: false };
  return withSessionLock(found, async (transaction) => {
    const run = await readRunStopConfirmationState(transaction, input.runId);
    const unfinishedJobs = await countUnfinishedRunJobs(input, transaction);
    const decision = decideStopConfirmation({ run, unfinishedJobs });
    if (decision.kind !== "confirm") {
      return { cancelStatus: run.cancelStatus, confirmedNow: false };
    }
    await saveRunStopConfirmed(transaction, input.runId);
    await confirmRunCancelIntents(transaction, {
      ownerId: run.ownerId,
      runId: input.runId,
      startRequestId: run.startRequestId,
    });
    return { cancelStatus: "confirmed" as const, confirmedNow: true };
  });
}
