import "server-only";
import type { LanguageModelV3 } from "@ai-sdk/provider";
import type { PhaseEnding } from "@/lib/agent/phase-ending";
import type { RunPhaseRecord } from "@/lib/agent/run-phase-record";
import type { ModelCall } from "@/lib/contracts/model-call";
import type { RunPlan } from "@/lib/contracts/run-event";
import type { RunOptions } from "@/lib/contracts/run-options";
import { learnFromRun } from "@/lib/memory/learn-from-run";
import { updateSessionContext } from "@/lib/memory/update-session-context";

/**
 * The learning step of a phase (MEM-4), started here in lib/runs and only after the agent loop
 * ended: the session context is updated after every phase that was not stopped (a failed turn
 * still states its task), extraction runs only when the phase completed. It runs inside the
 * run's scope before the final state is saved, so a Stop during extraction aborts the embedding
 * call, drops the write and ends the run as cancelled; any other learning failure is logged and
 * never fails a completed run. `userText` is the user's message as the phase read it.
 */
export async function learnAfterPhase(input: {
  run: { id: string; sessionId: string };
  ownerId: string;
  userText: string;
  ending: PhaseEnding;
  record: RunPhaseRecord;
  model: LanguageModelV3 | null;
  signal: AbortSignal;
  stopCheck: () => Promise<void>;
  /** Told of the memory extraction's model call, as the loop's calls are (usage, budgets). */
  onModelCall?: (call: ModelCall) => Promise<void>;
}): Promise<PhaseEnding> {
  const { run, ending, record, signal, userText } = input;
  if (ending.status === "cancelled") return ending;
  try {
    await input.stopCheck();
    await updateSessionContext({
      sessionId: run.sessionId,
      userText,
      runId: run.id,
      runStatus: ending.status,
      toolCalls: record.toolCalls,
      plan: record.plan?.plan ?? null,
    });
    if (ending.status !== "completed") return ending;
    await learnFromRun({
      ownerId: input.ownerId,
      sessionId: run.sessionId,
      runId: run.id,
      userText,
      toolCalls: record.toolCalls,
      // The offline model extracts nothing itself: its rules are the local-rules extractor.
      llm: input.model && input.model.provider !== "local" ? input.model : null,
      runStatus: ending.status,
      signal,
      stopCheck: input.stopCheck,
      onModelCall: input.onModelCall,
    });
  } catch (error) {
    if (signal.aborted) return { status: "cancelled" };
    console.error(`run ${run.id}: learning failed; the run's answer stands:`, error);
  }
  return ending;
}

/** Whether planning_mode is `always` (the session context is then updated every batch). */
export function plansAlways(options: RunOptions): boolean {
  return options.planning_mode === "always";
}

/** planning_mode `always`: the session context follows every finished batch, not only the phase. */
export async function updateContextAfterBatch(input: {
  run: { id: string; sessionId: string };
  userText: string;
  recorded: RunPhaseRecord["toolCalls"];
  plan: RunPlan | null;
}): Promise<void> {
  try {
    await updateSessionContext({
      sessionId: input.run.sessionId,
      userText: input.userText,
      runId: input.run.id,
      runStatus: "running",
      toolCalls: input.recorded,
      plan: input.plan,
    });
  } catch (error) {
    console.error(`run ${input.run.id}: session context not updated:`, error);
  }
}
