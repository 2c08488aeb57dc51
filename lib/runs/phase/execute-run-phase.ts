import "server-only";
import type { ResolvedLanguageModel } from "@/lib/agent/models/providers/resolve-language-model";
import type { PhaseEnding } from "@/lib/agent/phase-ending";
import { failureEnding } from "@/lib/agent/phase-ending";
import { runAgentLoop } from "@/lib/agent/run-agent-loop";
import { RunPhaseRecord } from "@/lib/agent/run-phase-record";
import { recordSessionEffects } from "@/lib/agent/state/record-session-effects";
import type { ModelCall } from "@/lib/contracts/model-call";
import { saveRunPlanProgress, saveToolCallProgress } from "@/lib/db/queries/run-final-state";
import { findRunForOwner, isRunStopRequested } from "@/lib/db/queries/runs";
import { getEnv } from "@/lib/env";
import { recordRunPhaseEnding, traceRunPhase } from "@/lib/telemetry/run-phase-span";
import { finishBudgetStop } from "../budget/finish-budget-stop";
import { startPhaseBudget } from "../budget/phase-budget";
import type { RunBudgetMeter } from "../budget/run-budget-meter";
import { awaitStopConfirmed, cancelRunJobs, waitForRunJobsToEnd } from "../cancel/stop-run-jobs";
import type { RunEventLog } from "../events/run-event-log";
import { terminalEvent } from "../events/terminal-event";
import { persistRunFinalState } from "../final-state/persist-run-final-state";
import { learnAfterPhase, plansAlways, updateContextAfterBatch } from "./learn-after-phase";
import { createPartialAnswerSaver } from "./partial-answer-saver";
import { type PhaseRun, prepareRunPhase } from "./prepare-run-phase";
import type { StagedRunState } from "./staged-run-state";

/** How long the final-state save waits for the phase's events to reach PostgreSQL. */
const eventsPersistWaitMs = 10_000;

/**
 * Executes one phase of a run — the first one, or the continuation after an approval decision
 * (AP-4, generation + 1): prepares it, runs the agent loop until the model answers, a call waits
 * for approval, the run is stopped (RC-5) or fails, then stages and saves the final state with
 * read-back (PS-2) before its terminal event is sent, so a client that sees `run_completed` /
 * `run_cancelled` finds the same state in the snapshot. Errors end the run as `error`. The
 * stages after preparation take the user text, options and model from the prepared phase;
 * `model` is the run's model as its admission resolved it, if it was.
 */
export async function executeRunPhase(input: {
  runId: string;
  ownerId: string;
  log: RunEventLog;
  scope: AbortController;
  model?: ResolvedLanguageModel;
}): Promise<void> {
  const run = await findRunForOwner({ ownerId: input.ownerId, runId: input.runId });
  if (!run) throw new Error(`run ${input.runId} vanished before it started`);
  // The phase's `invoke_agent` span (a no-op without OTEL_EXPORTER_OTLP_ENDPOINT).
  await traceRunPhase(
    {
      runId: run.id,
      sessionId: run.sessionId,
      generation: run.executionGeneration,
      agentName: "graph-analyst",
      model: run.modelName,
    },
    () => executeLoadedPhase({ ...input, run }),
  );
}

async function executeLoadedPhase(input: {
  run: PhaseRun;
  ownerId: string;
  log: RunEventLog;
  scope: AbortController;
  model?: ResolvedLanguageModel;
}): Promise<void> {
  const { log, scope, run } = input;
  const signal = scope.signal;
  log.setGeneration(run.executionGeneration);
  // The run's budget counts from here; reaching it stops the run as a Stop would.
  const budget = startPhaseBudget({ run, log, scope });
  // The stop state is checked before every new operation (RC-5); a cancel handled by another
  // process reaches this executor through the run row, a budget reached through the meter.
  const stopCheck = async () => {
    if (!signal.aborted && budget.exceeded) scope.abort();
    if (!signal.aborted && (await isRunStopRequested(run.id))) scope.abort();
    signal.throwIfAborted();
  };
  // A stop reaches the run's jobs at once, not after the waiter returns (RC-5).
  const onStop = () =>
    void cancelRunJobs({ ownerId: input.ownerId, runId: run.id }).catch((error) =>
      console.error(`run ${run.id}: cancelling its jobs failed (retried before the save):`, error),
    );
  signal.addEventListener("abort", onStop, { once: true });
  let ending: PhaseEnding;
  let record: RunPhaseRecord;
  const partialAnswer = createPartialAnswerSaver({
    runId: run.id,
    generation: run.executionGeneration,
  });
  try {
    const prepared = await prepareRunPhase({
      run,
      ownerId: input.ownerId,
      log,
      signal,
      stopCheck,
      model: input.model,
    });
    // Usage is counted (prepared.onModelCall) before the budget decides; a call that reached it
    // is the last: its tool calls do not start.
    const onModelCall = async (call: ModelCall) => {
      await prepared.onModelCall?.(call);
      await budget.onModelCall(call);
      signal.throwIfAborted();
    };
    ({ ending, record } = await runAgentLoop({
      run: { ...prepared, onModelCall, mayStartToolCall: () => budget.mayStartToolCall() },
      signal,
      emit: (event) => {
        if (event.type === "text_delta") partialAnswer.append(event.text);
        log.append(event);
      },
      stopCheck,
      onBatch: async ({ recorded, fresh, plan, reasoning }) => {
        await saveToolCallProgress(run.id, recorded).catch((error) =>
          console.error(
            `run ${run.id}: tool calls not saved yet (the final state has them):`,
            error,
          ),
        );
        if (plan || reasoning) {
          await saveRunPlanProgress({
            runId: run.id,
            generation: run.executionGeneration,
            plan,
            reasoning: earlierReasoning(run) + reasoning,
          }).catch((error) =>
            console.error(`run ${run.id}: plan not saved yet (the final state has it):`, error),
          );
        }
        await recordSessionEffects({ sessionId: run.sessionId, outcomes: fresh });
        if (plansAlways(prepared.options)) {
          await updateContextAfterBatch({
            run,
            userText: prepared.userText,
            recorded,
            plan: plan?.plan ?? null,
          });
        }
      },
    }));
    // Learning starts here, after the loop, inside the run's scope (MEM-4).
    ending = await learnAfterPhase({
      run,
      ownerId: input.ownerId,
      userText: prepared.userText,
      ending,
      record,
      model: prepared.model.model,
      signal,
      stopCheck,
      onModelCall,
    });
  } catch (error) {
    ending = failureEnding({ error, signal, runId: run.id });
    record = new RunPhaseRecord(run.executionGeneration);
  }
  budget.stop();
  signal.removeEventListener("abort", onStop);
  if (budget.exceeded) {
    // Reached its budget: stopped like a Stop, but it completes with what it has.
    ending = await finishBudgetStop({
      ownerId: input.ownerId,
      runId: run.id,
      exceeded: budget.exceeded,
      record,
      say: (text) => {
        partialAnswer.append(text);
        log.append({ type: "text_delta", text });
      },
    });
  } else {
    // A stop that arrived while the phase was pausing wins: nothing is left waiting for a decision.
    if (signal.aborted && ending.status === "paused") ending = { status: "cancelled" };
    if (signal.aborted) await settleStoppedJobs({ ownerId: input.ownerId, runId: run.id });
  }
  await partialAnswer.close();
  recordRunPhaseEnding(ending);
  await saveAndAnnounce({ run, ownerId: input.ownerId, log, ending, record, budget });
}

// The save confirms the stop only if the run's jobs have exited (RC-6), so it waits for them a
// while first: most stops are then saved and confirmed in one write. The cancel is repeated
// here: a job registered while the stop was on its way is caught too. A job still running after
// the wait leaves the stop saved as `stopping`, confirmed later (saveAndAnnounce).
async function settleStoppedJobs(input: { ownerId: string; runId: string }): Promise<void> {
  const waitSeconds = getEnv().RUN_STOP_JOBS_WAIT_SECONDS;
  try {
    await cancelRunJobs(input);
    const { settled } = await waitForRunJobsToEnd({
      runId: input.runId,
      timeoutMs: waitSeconds * 1000,
    });
    if (!settled) {
      console.warn(
        `run ${input.runId}: jobs still running ${waitSeconds} s after the stop; saving the run, the stop stays "stopping" until they exit`,
      );
    }
  } catch (error) {
    console.error(`run ${input.runId}: could not check that its jobs stopped:`, error);
  }
}

// A continued phase adds its reasoning to what the earlier phases showed.
function earlierReasoning(run: PhaseRun): string {
  return run.executionGeneration > 1 ? run.reasoning : "";
}

// Saves the phase's final state, then sends the terminal event of what was saved. A stop saved
// as pending (a job of the run still executes) is announced only once it is confirmed: the
// stream's `run_cancelled` means nothing of the run executes any more (RC-6).
async function saveAndAnnounce(input: {
  run: PhaseRun;
  ownerId: string;
  log: RunEventLog;
  ending: PhaseEnding;
  record: RunPhaseRecord;
  budget: RunBudgetMeter;
}) {
  const { run, log, record } = input;
  let ending = input.ending;
  const state: StagedRunState = {
    version: 1,
    runId: run.id,
    ownerId: input.ownerId,
    sessionId: run.sessionId,
    startRequestId: run.startRequestId,
    generation: run.executionGeneration,
    status: ending.status,
    answer: record.answer,
    errorCode: ending.errorCode ?? null,
    errorMessage: ending.errorMessage ?? null,
    toolCalls: record.toolCalls,
    pendingApproval: ending.pendingApproval ?? null,
    checkpoint: ending.checkpoint ?? null,
    plan: record.plan,
    reasoning: earlierReasoning(run) + record.reasoning,
    stopReason: input.budget.exceeded ? "budget" : null,
    budgetUsed: input.budget.used(),
    lastEventSeq: log.upcomingSeq,
    stagedAt: new Date().toISOString(),
  };
  let stopPending = false;
  // Every event before the terminal one is in the table by the time the snapshot says the phase
  // ended, so a reader on another instance that sees the end finds all of them. Bounded: with
  // the database away the save below waits and retries on its own.
  await Promise.race([
    log.persisted(),
    new Promise((resolve) => setTimeout(resolve, eventsPersistWaitMs).unref()),
  ]);
  try {
    const saved = await persistRunFinalState(state);
    if (saved.outcome === "stale") return;
    if (saved.status !== ending.status) ending = { status: saved.status };
    stopPending = saved.stopPending;
  } catch (error) {
    console.error(`run ${run.id}: final state not saved; the staged copy waits for repair:`, error);
    log.append({
      type: "run_error",
      code: "PERSISTENCE_FAILED",
      message: "The run ended but its final state could not be saved yet; it will be repaired.",
    });
    // The database is what failed: its readers here learn it now, not after the writes' retries.
    log.deliverUnwritten();
    return;
  }
  if (stopPending) await awaitStopConfirmed({ ownerId: input.ownerId, runId: run.id });
  log.append(terminalEvent(ending));
}
