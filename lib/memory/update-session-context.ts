import "server-only";
import type { StoredOutcome } from "@/lib/contracts/run-checkpoint";
import type { PlanStepStatus, RunPlan } from "@/lib/contracts/run-event";
import {
  findSessionGoal,
  setSessionGoal,
  upsertSessionContext,
} from "@/lib/db/queries/memory-reads";
import { nextSessionGoal } from "./context/session-goal";
import { answeredByTools } from "./extraction/answered-by-tools";

/**
 * The session context (MEM-1): the current task's goal, plan and progress, kept up to date
 * after every phase (and every batch when planning_mode is `always`). The goal is the task the
 * user asked for, decided again every turn (`nextSessionGoal`): a new task replaces it, a
 * message that only states a preference or a fact keeps it — and then the run made no progress
 * on that task, so its plan and progress stay too. Progress lists only confirmed tool outcomes
 * by name and status, and whether they answered the question — never a partial answer (MEM-4).
 * The plan is the run's own (goal, steps with status, progress) when it kept one; else the
 * steps it took, each tool call with how it ended.
 */
export async function updateSessionContext(input: {
  sessionId: string;
  userText: string;
  runId: string;
  runStatus: string;
  toolCalls: StoredOutcome[];
  /** The plan the run kept (planning `auto` / `always`), null when it kept none. */
  plan?: RunPlan | null;
}): Promise<void> {
  const previous = await findSessionGoal({ sessionId: input.sessionId });
  const { goal, newTask } = nextSessionGoal({
    message: input.userText,
    previousGoal: previous?.goal ?? null,
  });
  if (!newTask) {
    if (previous && previous.goal !== goal)
      await setSessionGoal({ sessionId: input.sessionId, goal });
    return;
  }
  const steps = input.toolCalls.map((call) => ({ tool: call.toolName, status: call.status }));
  const answer =
    input.runStatus === "completed"
      ? answeredByTools({ runStatus: input.runStatus, toolCalls: input.toolCalls })
      : null;
  await upsertSessionContext({
    sessionId: input.sessionId,
    goal,
    plan: input.plan ?? planFromToolCalls(steps),
    progress: {
      run_id: input.runId,
      run_status: input.runStatus,
      confirmed_steps: steps.filter((step) => step.status === "succeeded").map((step) => step.tool),
      failed_steps: steps.filter((step) => step.status === "failed").map((step) => step.tool),
      answered: answer?.answered ?? null,
      ...(answer && !answer.answered ? { unanswered_because: answer.reason } : {}),
    },
  });
}

const stepStatusOfCall: Record<string, PlanStepStatus> = {
  succeeded: "done",
  failed: "failed",
  blocked: "skipped",
  cancelled: "skipped",
};

// Without a plan of its own the run's steps are its tool calls, in order, as they ended.
function planFromToolCalls(steps: { tool: string; status: string }[]): RunPlan {
  const planSteps = steps.map((step, index) => ({
    id: `call-${index + 1}`,
    title: step.tool,
    status: stepStatusOfCall[step.status] ?? "running",
    tools: [step.tool],
  }));
  const done = planSteps.filter((step) => step.status === "done").length;
  return { goal: "", steps: planSteps, progress: { done, total: planSteps.length } };
}
