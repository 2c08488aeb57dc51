import type { ToolCallOutcome } from "@/lib/agent/scheduler/tool-call-outcome";
import type { StoredOutcome } from "@/lib/contracts/run-checkpoint";

// The checkpoint's shape is the contract's (lib/contracts/run-checkpoint.ts), parsed when a
// continue loads it; this module converts outcomes to and from their stored form.
export type { RunCheckpoint, StoredOutcome } from "@/lib/contracts/run-checkpoint";

export function storeOutcome(outcome: ToolCallOutcome): StoredOutcome {
  return JSON.parse(JSON.stringify(outcome)) as StoredOutcome;
}

export function restoreOutcome(stored: StoredOutcome): ToolCallOutcome {
  return {
    ...stored,
    startedAt: stored.startedAt ? new Date(stored.startedAt) : undefined,
    finishedAt: stored.finishedAt ? new Date(stored.finishedAt) : undefined,
  };
}
