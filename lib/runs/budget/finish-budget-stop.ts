import "server-only";
import type { PhaseEnding } from "@/lib/agent/phase-ending";
import type { RunPhaseRecord } from "@/lib/agent/run-phase-record";
import { cancelRunJobs, waitForRunJobsToEnd } from "../cancel/stop-run-jobs";
import { budgetStopNote } from "./budget-stop-note";
import type { BudgetExceeded } from "./decide-budget";

// Between two cancels of the run's job trees: a child spawned by a handler that was still
// running is caught by the next one.
const jobsWaitSliceMs = 5_000;

/**
 * The end of a phase whose budget was reached: like a Stop, every job of the run is cancelled
 * and the phase waits until each one exited (however long that takes: the run must not be
 * announced finished while its work still executes). The run then completes — its answer so far
 * and every tool result stand — with a note of what was done and which budget ended it, sent as
 * the answer's last text.
 */
export async function finishBudgetStop(input: {
  ownerId: string;
  runId: string;
  exceeded: BudgetExceeded;
  record: RunPhaseRecord;
  say: (text: string) => void;
}): Promise<PhaseEnding> {
  await waitForEveryJobToExit({ ownerId: input.ownerId, runId: input.runId });
  const note = budgetStopNote({
    exceeded: input.exceeded,
    toolCalls: input.record.toolCalls.map((call) => ({
      toolName: call.toolName,
      status: call.status,
      summary: call.summary,
      started: call.startedAt !== undefined,
    })),
  });
  const text = input.record.answer.trim() === "" ? note : `\n\n${note}`;
  input.record.answer += text;
  input.say(text);
  return { status: "completed" };
}

async function waitForEveryJobToExit(input: { ownerId: string; runId: string }): Promise<void> {
  for (;;) {
    try {
      await cancelRunJobs(input);
      const { settled } = await waitForRunJobsToEnd({
        runId: input.runId,
        timeoutMs: jobsWaitSliceMs,
      });
      if (settled) return;
      console.warn(`run ${input.runId}: budget reached, still waiting for its jobs to exit`);
    } catch (error) {
      console.error(`run ${input.runId}: could not check that its jobs stopped; retrying:`, error);
      await new Promise((resolve) => setTimeout(resolve, jobsWaitSliceMs));
    }
  }
}
