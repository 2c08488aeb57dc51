import "server-only";
import type { RecordedToolCall } from "@/lib/agent/run-phase-record";
import { upsertSessionContext } from "@/lib/db/queries/memory-reads";

/**
 * The session context (MEM-1): the current task's goal, plan and progress, kept up to date
 * after every phase (and every batch when planning_mode is `always`). Progress lists only
 * confirmed tool outcomes by name and status — never a partial answer (MEM-4).
 */
export async function updateSessionContext(input: {
  sessionId: string;
  goal: string;
  runId: string;
  runStatus: string;
  toolCalls: RecordedToolCall[];
}): Promise<void> {
  const steps = input.toolCalls.map((call) => ({ tool: call.toolName, status: call.status }));
  await upsertSessionContext({
    sessionId: input.sessionId,
    goal: input.goal.replace(/\s+/g, " ").trim().slice(0, 300) || null,
    plan: steps.map((step) => step.tool),
    progress: {
      run_id: input.runId,
      run_status: input.runStatus,
      confirmed_steps: steps.filter((step) => step.status === "succeeded").map((step) => step.tool),
      failed_steps: steps.filter((step) => step.status === "failed").map((step) => step.tool),
    },
  });
}
