import { notStartedOutcome, type RunOutcome } from "./run-question";

// Ends that say nothing about the model: the server failed (a stalled event loop expiring a
// transaction, a lost executor) or never started the run.
const serverFaultCodes = new Set(["INTERNAL_ERROR", "PERSISTENCE_FAILED", "INTERRUPTED"]);

/** Whether a run ended by a server fault, so the question is asked once more. */
function isServerFault(outcome: RunOutcome): boolean {
  if (outcome.runStatus === "not_started") return true;
  if (outcome.runStatus === "interrupted") return true;
  return outcome.runStatus === "error" && serverFaultCodes.has(outcome.errorCode ?? "");
}

/**
 * Asks once, and once more when the server failed the first run; the second outcome says why
 * the first was discarded. A request that throws is a run not started, never an exception.
 */
export async function askWithServerFaultRetry(input: {
  ask: () => Promise<RunOutcome>;
}): Promise<RunOutcome> {
  const ask = () =>
    input
      .ask()
      .catch((error) =>
        notStartedOutcome({ problem: `the request failed: ${(error as Error).message}` }),
      );
  const first = await ask();
  if (!isServerFault(first)) return first;
  return {
    ...(await ask()),
    retriedAfter: `run ${first.runId ?? "(none)"} ended ${first.runStatus}: ${first.problem}`,
  };
}
