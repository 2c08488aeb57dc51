import { summarizeEnvelope } from "@/lib/agent/scheduler/summarize-envelope";
import type { ToolCallOutcome } from "@/lib/agent/scheduler/tool-call-outcome";
import { storeOutcome } from "@/lib/runs/run-checkpoint";
import type { StagedToolCall } from "@/lib/runs/staged-run-state";

/**
 * What one execution phase of a run produced, in memory: the answer text streamed so far and
 * every tool call it ran, with their place (turn, batch index). The final state is built from it.
 */
export class RunPhaseRecord {
  answer = "";
  private readonly calls = new Map<string, StagedToolCall>();

  constructor(private readonly generation: number) {}

  /** Records the calls this phase ran in one batch (reused outcomes of an earlier phase excluded). */
  recordBatch(turn: number, outcomes: ToolCallOutcome[], skip: ReadonlySet<string> = new Set()) {
    const recorded: StagedToolCall[] = [];
    outcomes.forEach((outcome, batchIndex) => {
      if (skip.has(outcome.toolCallId)) return;
      const call: StagedToolCall = {
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

  get toolCalls(): StagedToolCall[] {
    return [...this.calls.values()];
  }
}
