import "server-only";
import { randomUUID } from "node:crypto";
import { mkdir, open, readdir, readFile, rename, rm } from "node:fs/promises";
import path from "node:path";
import type { PendingApproval } from "@/lib/agent/phase-ending";
import type { RunPlanState } from "@/lib/agent/planning/run-plan-state";
import type { RunCheckpoint } from "@/lib/agent/run-checkpoint";
import type { RecordedToolCall } from "@/lib/agent/run-phase-record";
import type { StopReason } from "@/lib/contracts/run-budget";
import type { FinalRunStatus } from "@/lib/contracts/run-status";
import { getEnv } from "@/lib/env";
import type { BudgetUsage } from "../budget/budget-usage";

/** One tool call of the run as it will be saved. */
export type StagedToolCall = RecordedToolCall;

/**
 * A run phase's final state as the executor knows it (PS-2): sanitised run data — finished tools,
 * the answer so far, the approval it waits for, cancel flags — written to a local file before the
 * database write, and kept until the database agrees (read-back). It is all a repair needs: a
 * repair never calls the model or a tool again.
 */
export type StagedRunState = {
  version: 1;
  runId: string;
  ownerId: string;
  sessionId: string;
  startRequestId: string;
  generation: number;
  status: FinalRunStatus;
  answer: string;
  errorCode: string | null;
  errorMessage: string | null;
  toolCalls: StagedToolCall[];
  pendingApproval: PendingApproval | null;
  checkpoint: RunCheckpoint | null;
  /** The run's plan as the phase left it (absent in states staged before plans existed). */
  plan?: RunPlanState | null;
  /** Every phase's staged reasoning so far, this one's last. */
  reasoning?: string;
  /** "budget" when the run's budget ended it (absent in states staged before budgets). */
  stopReason?: StopReason | null;
  /** What the run used of its budget, this phase included. */
  budgetUsed?: BudgetUsage;
  /** Seq of the terminal event this phase ends with. */
  lastEventSeq: number;
  stagedAt: string;
};

const runIdPattern = /^[0-9a-f-]{36}$/;

function stagingDirectory(): string {
  return path.join(getEnv().dataDirectory, "runs", "staging");
}

// Run ids come from the database (uuid), but a file name is never built from anything else.
function stagedFilePath(runId: string): string {
  if (!runIdPattern.test(runId)) throw new Error(`not a run id: ${runId}`);
  return path.join(stagingDirectory(), `${runId}.json`);
}

/** Writes the staged state atomically: a temp file, fsync, then rename over the old copy. */
export async function stageRunState(state: StagedRunState): Promise<void> {
  const target = stagedFilePath(state.runId);
  await mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.${randomUUID().slice(0, 8)}.tmp`;
  const handle = await open(temporary, "w", 0o600);
  try {
    await handle.writeFile(JSON.stringify(state));
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, target);
}

/** Drops the staged copy once the database holds the same state. */
export async function removeStagedRunState(runId: string): Promise<void> {
  await rm(stagedFilePath(runId), { force: true });
}

/** Every staged state left on disk (e.g. by a process that died before its read-back). */
export async function listStagedRunStates(): Promise<StagedRunState[]> {
  let names: string[];
  try {
    names = await readdir(stagingDirectory());
  } catch {
    return [];
  }
  const states: StagedRunState[] = [];
  for (const name of names) {
    if (!name.endsWith(".json")) continue;
    try {
      const state = JSON.parse(
        await readFile(path.join(stagingDirectory(), name), "utf8"),
      ) as StagedRunState;
      if (state.version === 1 && runIdPattern.test(state.runId)) states.push(state);
    } catch (error) {
      console.error(`staged run state ${name} is unreadable; left in place:`, error);
    }
  }
  return states;
}
