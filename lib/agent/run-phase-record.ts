import { type StoredOutcome, storeOutcome } from "@/lib/agent/run-checkpoint";
import type { ToolCallOutcome } from "@/lib/agent/scheduler/tool-call-outcome";
import { summarizeEnvelope } from "@/lib/contracts/tool-envelope-summary";
import type { RunPlanState } from "./planning/run-plan-state";

/** One tool call of the phase as it will be saved: its outcome and its place in the run. */
export type RecordedToolCall = StoredOutcome & {
  executionGeneration: number;
  turnIndex: number;
  batchIndex: number;
  summary: string | null;
};

/**
 * What one execution phase of a run produced, in memory: the answer text streamed so far and
 * every tool call it ran, with their place (turn, batch index). The final state is built from it.
 */
export class RunPhaseRecord {
  answer = "";
  /** This phase's staged reasoning (what `reasoning_delta` said). */
  reasoning = "";
  /** The run's plan as kept so far (earlier phases included); null while it keeps none. */
  plan: RunPlanState | null = null;
  private readonly calls = new Map<string, RecordedToolCall>();

  constructor(private readonly generation: number) {}

  /** Records the calls this phase ran in one batch (reused outcomes of an earlier phase excluded). */
  recordBatch(turn: number, outcomes: ToolCallOutcome[], skip: ReadonlySet<string> = new Set()) {
    const recorded: RecordedToolCall[] = [];
    outcomes.forEach((outcome, batchIndex) => {
      if (skip.has(outcome.toolCallId)) return;
      const call: RecordedToolCall = {
        ...storeOutcome(outcome),
        executionGeneration: this.generation,
        turnIndex: turn,
        batchIndex,
        summary: outcome.envelope ? summarizeEnvelope({ envelope: outcome.envelope }) : null,
      };
      this.calls.set(outcome.toolCallId, call);
      recorded.push(call);
    });
    return recorded;
  }

  get toolCalls(): RecordedToolCall[] {
    return [...this.calls.values()];
  }
}
