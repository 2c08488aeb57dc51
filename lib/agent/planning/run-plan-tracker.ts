import { failedEnvelope } from "@/lib/contracts/failed-envelope";
import type { PlanStepStatus, RunEventPayload, RunPlan } from "@/lib/contracts/run-event";
import type { FinalRunStatus } from "@/lib/contracts/run-status";
import type { PlannedToolCall } from "@/lib/contracts/tool-descriptor";
import type { ToolEnvelope } from "@/lib/contracts/tool-envelope";
import { updatePlanArgsSchema } from "@/lib/contracts/update-plan-call";
import { deriveStepStatus, stepForCall } from "./derive-step-status";
import type { RunModes } from "./run-modes";
import type { RunPlanState, TrackedCall, TrackedStep } from "./run-plan-state";

/**
 * Keeps one run's plan: the model declares it (update_plan), the tool events move its steps
 * (pending → running → done / failed / skipped), and every change is handed to `onChange` as the
 * whole plan (`plan_updated`). With planning `always` a model that declared nothing still gets a
 * plan: each call that no step names becomes a step of its own before it runs. With `never` it
 * does nothing. Pure bookkeeping: no I/O, so it is the same for every model.
 */
export class RunPlanTracker {
  private goal: string;
  private steps: TrackedStep[] = [];
  private calls: TrackedCall[] = [];
  private closed = new Set<string>();
  private source: RunPlanState["source"] = "model";
  private exists = false;
  private lastSent = "";

  constructor(
    private readonly input: {
      planning: RunModes["planning"];
      /** The goal a runtime-built plan gets (the user's message). */
      fallbackGoal: string;
      /** The plan saved by an earlier phase of the same run (approval continue). */
      restored?: RunPlanState | null;
      onChange: (plan: RunPlan) => void;
    },
  ) {
    this.goal = input.fallbackGoal.replace(/\s+/g, " ").trim().slice(0, 300);
    const restored = input.restored;
    if (restored) {
      this.goal = restored.plan.goal;
      this.steps = restored.steps.map((step) => ({ ...step, tools: [...step.tools] }));
      this.calls = restored.calls.map((call) => ({ ...call }));
      this.closed = new Set(restored.closed);
      this.source = restored.source;
      this.exists = true;
      this.lastSent = JSON.stringify(this.plan);
    }
  }

  /** The plan as shown, or null while the run keeps none. */
  get plan(): RunPlan | null {
    if (!this.exists) return null;
    const steps = this.steps.map((step) => ({
      id: step.id,
      title: step.title,
      status: deriveStepStatus(step, this.calls, this.closed),
      tools: [...step.tools],
    }));
    const done = steps.filter((step) => step.status === "done").length;
    return { goal: this.goal, steps, progress: { done, total: steps.length } };
  }

  /** What is saved with the run, or null while it keeps no plan. */
  get state(): RunPlanState | null {
    const plan = this.plan;
    if (!plan) return null;
    return {
      plan,
      steps: this.steps,
      calls: this.calls,
      closed: [...this.closed],
      source: this.source,
    };
  }

  /** An update_plan call: the declared plan replaces the steps; the answer is its result. */
  declare(args: unknown): ToolEnvelope {
    if (this.input.planning === "never") {
      return failed("Planning is off for this run (planning_mode: never); act directly.");
    }
    const parsed = updatePlanArgsSchema.safeParse(args);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return failed(`The plan was not valid: ${issue?.path.join(".")} ${issue?.message}`.trim());
    }
    const seen = new Set<string>();
    this.goal = parsed.data.goal;
    this.steps = parsed.data.steps.map((step, index) => {
      let id = step.id ?? String(index + 1);
      while (seen.has(id)) id = `${id}-${index + 1}`;
      seen.add(id);
      return { id, title: step.title, tools: step.tools ?? [], manual: step.status ?? null };
    });
    this.source = "model";
    this.exists = true;
    this.changed();
    return { success: true, status: "succeeded", data: { plan: this.plan } };
  }

  /** Before a batch runs (`always`): each call no step names becomes a step, so none is unplanned. */
  adoptCalls(calls: readonly PlannedToolCall[]): void {
    if (this.input.planning !== "always") return;
    for (const call of calls) {
      if (this.steps.some((step) => step.tools.includes(call.toolName))) continue;
      if (!this.exists) this.source = "runtime";
      this.exists = true;
      this.steps.push({
        id: `call-${this.steps.length + 1}`,
        title: titleOfCall(call),
        tools: [call.toolName],
        manual: null,
      });
    }
    this.changed();
  }

  /**
   * Follows the run's events: a call counts for the step that names its tool; a call of a later
   * step, or the model's text once no call runs, closes the steps before it.
   */
  observe(event: RunEventPayload): void {
    if (!this.exists) return;
    switch (event.type) {
      case "text_delta":
        if (this.calls.some((call) => call.state === "running")) return;
        for (const step of this.steps) {
          if (this.calls.some((call) => call.stepId === step.id)) this.closed.add(step.id);
        }
        break;
      case "tool_started":
      case "approval_required":
        this.record(event.tool_call_id, event.tool_name, "running");
        break;
      case "tool_completed":
        // A call the reviewer rejected did not fail: it was not run.
        this.record(
          event.tool_call_id,
          event.tool_name,
          event.success ? "succeeded" : event.status === "rejected" ? "skipped" : "failed",
        );
        break;
      case "tool_blocked":
        this.record(event.tool_call_id, event.tool_name, "skipped");
        break;
      default:
        return;
    }
    this.changed();
  }

  /**
   * The phase ended. Completed: what still runs is done, steps never reached are skipped — but
   * the trailing steps without tools ("write the answer") are done when there is an answer.
   * Error: what ran failed; cancelled: what ran was stopped (skipped). A pause changes nothing.
   */
  finish(status: FinalRunStatus, answered: boolean): void {
    if (status === "paused") return;
    if (!this.exists && this.input.planning === "always" && status === "completed") {
      this.exists = true;
      this.source = "runtime";
      this.steps = [{ id: "answer", title: "Answer the question", tools: [], manual: null }];
    }
    if (!this.exists) return;
    const lastWithTools = this.steps.findLastIndex((step) => step.tools.length > 0);
    for (const step of this.steps) this.closed.add(step.id);
    this.steps.forEach((step, index) => {
      const current = deriveStepStatus(step, this.calls, this.closed);
      step.manual = settle({
        current,
        status,
        answerStep: answered && index > lastWithTools && step.tools.length === 0,
      });
    });
    this.changed();
  }

  private record(toolCallId: string, toolName: string, state: TrackedCall["state"]): void {
    const known = this.calls.find((call) => call.toolCallId === toolCallId);
    const step = known
      ? this.steps.find((candidate) => candidate.id === known.stepId)
      : stepForCall({ steps: this.steps, calls: this.calls, closed: this.closed, toolName });
    if (!step) return;
    step.manual = null;
    if (state === "running") {
      // The model went on to this step: every step before it is behind it now.
      const index = this.steps.indexOf(step);
      for (const earlier of this.steps.slice(0, index)) this.closed.add(earlier.id);
      this.closed.delete(step.id);
    }
    if (known) known.state = state;
    else this.calls.push({ toolCallId, toolName, stepId: step.id, state });
  }

  private changed(): void {
    const plan = this.plan;
    if (!plan) return;
    const serialised = JSON.stringify(plan);
    if (serialised === this.lastSent) return;
    this.lastSent = serialised;
    this.input.onChange(plan);
  }
}

function failed(message: string): ToolEnvelope {
  return failedEnvelope({ code: "INVALID_REQUEST", message });
}

function settle(input: {
  current: PlanStepStatus;
  status: Exclude<FinalRunStatus, "paused">;
  answerStep: boolean;
}): PlanStepStatus {
  const { current, status } = input;
  if (current === "done" || current === "failed" || current === "skipped") return current;
  if (current === "pending") return input.answerStep && status === "completed" ? "done" : "skipped";
  if (status === "completed") return "done";
  return status === "error" ? "failed" : "skipped";
}

// A runtime-built step reads like the call: the tool and its first few short arguments.
function titleOfCall(call: PlannedToolCall): string {
  const shown = Object.entries(call.args)
    .filter(([, value]) => ["string", "number", "boolean"].includes(typeof value))
    .slice(0, 3)
    .map(([key, value]) => `${key}: ${String(value).slice(0, 40)}`);
  return shown.length > 0 ? `${call.toolName} (${shown.join(", ")})` : call.toolName;
}
