import "server-only";
import type { ModelMessage, ToolSet } from "ai";
import type { RunEventPayload } from "@/lib/contracts/run-event";
import type { LocalRulesSessionState } from "@/lib/contracts/session-state-block";
import type { PlannedToolCall, ToolDescriptor } from "@/lib/contracts/tool-descriptor";
import type { ToolEnvelope } from "@/lib/contracts/tool-envelope";
import { updatePlanToolName } from "@/lib/contracts/update-plan-call";
import type { ModelCall } from "../contracts/model-call";
import type { RunAgent } from "./factory/create-run-agent";
import { toAiTools } from "./factory/to-ai-tools";
import type { Continuation } from "./load-continuation";
import type { ModifiedCall } from "./modified-call-result";
import { failureEnding, type PhaseEnding } from "./phase-ending";
import type { RunModes } from "./planning/run-modes";
import type { RunPlanState } from "./planning/run-plan-state";
import { RunPlanTracker } from "./planning/run-plan-tracker";
import { takePlanCalls } from "./planning/take-plan-calls";
import { updatePlanToolDescriptor } from "./planning/update-plan-tool";
import { previewForApproval } from "./preview-for-approval";
import { checkRunPreconditions } from "./reasoning/check-run-preconditions";
import type { ModelFact } from "./reasoning/read-model-fact";
import { StagedReasoning } from "./reasoning/staged-reasoning";
import { storeOutcome } from "./run-checkpoint";
import { type RecordedToolCall, RunPhaseRecord } from "./run-phase-record";
import { runModelTurn } from "./run-turn";
import { runToolBatch } from "./scheduler/run-tool-batch";
import type { ToolBatchResume, ToolCallOutcome } from "./scheduler/tool-call-outcome";
import { toolResultMessage } from "./scheduler/tool-result-message";
import { checkDatasetScope } from "./tools/execute-tool-call";

// local-rules' longest plan (build, load, three bridging batches, view, report, answer) takes
// 8–9 turns and it answers by itself after 12; an LLM gets the same room plus a margin.
const maxModelTurns = 16;

/** How a run plans and reasons (AF-2), and what an earlier phase of it left. */
export type RunPlanning = {
  modes: RunModes;
  /** The user's message: the goal of a plan the runtime builds itself (`always`). */
  goal: string;
  /** The plan an earlier phase saved (approval continue); null for a first phase. */
  restoredPlan: RunPlanState | null;
  /** The reasoning earlier phases showed. */
  previousReasoning: string;
  /** The session state the checks read (dataset scope, constructions). */
  state: LocalRulesSessionState | null;
  /** A model's record and weights, for the checks before a prediction. */
  readModel: (modelId: string) => Promise<ModelFact>;
};

const noPlanning: RunPlanning = {
  modes: { planning: "never", reasoning: false },
  goal: "",
  restoredPlan: null,
  previousReasoning: "",
  state: null,
  readModel: async () => ({ found: false }),
};

/** A run phase ready for the loop: its agent, how to run a tool call, and where it starts. */
export type PreparedRun = {
  runId: string;
  generation: number;
  agent: Pick<RunAgent, "model" | "system" | "history" | "descriptors" | "scopeDatasetIds">;
  execute: (call: PlannedToolCall, signal: AbortSignal) => Promise<ToolEnvelope>;
  /** A first phase starts from the user's message; a continued one from its saved pause. */
  start: { kind: "message"; text: string } | { kind: "continuation"; continuation: Continuation };
  maxConcurrency: number;
  /** Planning and staged reasoning; without it the run keeps no plan and shows no reasoning. */
  planning?: RunPlanning;
  /**
   * Told of each model call as it ends, before its tool calls start: usage is counted and
   * budgets are checked here (a throw ends the phase like any failure of the turn).
   */
  onModelCall?: (call: ModelCall) => Promise<void>;
  /**
   * Asked just before each tool call starts; false: it does not start, nor does anything after
   * it in its batch (a budget reached). Without it every call may start.
   */
  mayStartToolCall?: (call: PlannedToolCall) => boolean;
};

/** How the loop ended, what it recorded, and the conversation as it stood. */
export type AgentLoopResult = {
  ending: PhaseEnding;
  record: RunPhaseRecord;
  messages: ModelMessage[];
};

type LoopContext = {
  run: PreparedRun;
  tools: ToolSet;
  descriptors: Map<string, ToolDescriptor>;
  record: RunPhaseRecord;
  messages: ModelMessage[];
  signal: AbortSignal;
  emit: (event: RunEventPayload) => void;
  stopCheck: () => Promise<void>;
  onBatch: (batch: {
    recorded: RecordedToolCall[];
    fresh: ToolCallOutcome[];
    /** The plan and this phase's reasoning as they stand after the batch. */
    plan: RunPlanState | null;
    reasoning: string;
  }) => Promise<void>;
  planning: RunPlanning;
  tracker: RunPlanTracker;
  reasoning: StagedReasoning;
};

type PendingBatch = TurnBatch & { resume: ToolBatchResume; decidedCallId: string };

type TurnBatch = {
  calls: PlannedToolCall[];
  resume?: ToolBatchResume;
  decidedCallId?: string;
  /** The decided call ran with a reviewer's arguments (its result says so). */
  modified?: ModifiedCall | null;
};

/**
 * The agent loop of one phase (AP-4 continuation included): model turn → tool batch through the
 * DAG scheduler → results back to the model, until the model answers, a call waits for approval
 * or the phase is stopped (RC-5) or fails. It never touches the run's control state: `stopCheck`
 * is called before every new operation, events go to `emit`, and each finished batch to
 * `onBatch`. Errors become the ending (cancelled when the scope was aborted); nothing is retried.
 */
export async function runAgentLoop(input: {
  run: PreparedRun;
  signal: AbortSignal;
  emit: (event: RunEventPayload) => void;
  stopCheck: () => Promise<void>;
  onBatch: LoopContext["onBatch"];
}): Promise<AgentLoopResult> {
  const { run } = input;
  const planning = run.planning ?? noPlanning;
  const record = new RunPhaseRecord(run.generation);
  const tracker = new RunPlanTracker({
    planning: planning.modes.planning,
    fallbackGoal: planning.goal,
    restored: planning.restoredPlan,
    onChange: (plan) => {
      record.plan = tracker.state;
      input.emit({ type: "plan_updated", ...plan });
    },
  });
  record.plan = tracker.state;
  // A rejection was announced before the loop (prepare); the plan still has to hear of it.
  if (run.start.kind === "continuation" && run.start.continuation.rejection) {
    tracker.observe(run.start.continuation.rejection);
  }
  const reasoning = new StagedReasoning({
    enabled: planning.modes.reasoning,
    emit: input.emit,
    previous: planning.previousReasoning,
  });
  // The plan follows the tool events: each is sent first, then the plan it moved.
  const emit = (event: RunEventPayload) => {
    input.emit(event);
    tracker.observe(event);
  };
  // The plan tool is the runtime's, offered only while planning is on (`auto`, `always`).
  const offered =
    planning.modes.planning === "never"
      ? run.agent.descriptors
      : [...run.agent.descriptors, updatePlanToolDescriptor()];
  const context: LoopContext = {
    ...input,
    emit,
    tools: toAiTools(offered),
    descriptors: new Map(run.agent.descriptors.map((descriptor) => [descriptor.name, descriptor])),
    record,
    messages: [...run.agent.history],
    planning,
    tracker,
    reasoning,
  };
  let ending: PhaseEnding;
  try {
    ending = await runTurns(context);
  } catch (error) {
    ending = failureEnding({ error, signal: input.signal, runId: run.runId });
  }
  tracker.finish(ending.status, record.answer.trim() !== "");
  record.reasoning = reasoning.text;
  return { ending, record, messages: context.messages };
}

async function runTurns(context: LoopContext): Promise<PhaseEnding> {
  const { run, messages, signal } = context;
  // A continued phase starts from the saved checkpoint with the decided batch; a first phase
  // from the history and the user's message.
  let turn = 0;
  let pendingBatch: PendingBatch | null = null;
  if (run.start.kind === "continuation") {
    const { checkpoint, resume, decidedCallId, modified } = run.start.continuation;
    messages.push(...checkpoint.messages);
    turn = checkpoint.turn;
    pendingBatch = { calls: checkpoint.batch.calls, resume, decidedCallId, modified };
  } else {
    messages.push({ role: "user", content: run.start.text });
  }
  for (; turn < maxModelTurns; turn++) {
    let batch: TurnBatch;
    if (pendingBatch) {
      batch = pendingBatch;
      pendingBatch = null;
    } else {
      await context.stopCheck();
      const result = await runModelTurn({
        model: run.agent.model,
        system: run.agent.system,
        messages,
        tools: context.tools,
        signal,
        onText: (text) => {
          context.record.answer += text;
          context.emit({ type: "text_delta", text });
        },
        onReasoning: (text) => context.reasoning.say(text),
      });
      await run.onModelCall?.(result.call);
      messages.push(...result.responseMessages);
      const calls = result.toolCalls.filter((call) => call.toolName !== updatePlanToolName);
      const planned = takePlanCalls(context, result.toolCalls);
      if (calls.length === 0 && !planned) break;
      if (calls.length === 0) continue;
      context.tracker.adoptCalls(calls);
      await checkRunPreconditions(context, turn, calls);
      batch = { calls };
    }
    const outcomes = await runBatch(context, turn, batch);
    const gated = outcomes.find((outcome) => outcome.status === "awaiting_approval");
    if (gated) return pauseEnding(context, { turn, calls: batch.calls, outcomes, gated });
    messages.push(toolResultMessage(outcomes, batch.modified ?? null));
  }
  return { status: "completed" };
}

// Runs one batch, records it and hands it on; outcomes reused from the earlier phase are
// already saved and already had their effects, while the decided call is this phase's own fact.
async function runBatch(
  context: LoopContext,
  turn: number,
  batch: TurnBatch,
): Promise<ToolCallOutcome[]> {
  const { run, signal } = context;
  await context.stopCheck();
  const outcomes = await runToolBatch({
    calls: batch.calls,
    descriptors: context.descriptors,
    maxConcurrency: run.maxConcurrency,
    execute: run.execute,
    precheck: ({ call }) => checkDatasetScope({ call, scopeDatasetIds: run.agent.scopeDatasetIds }),
    mayStart: run.mayStartToolCall && (({ call }) => run.mayStartToolCall?.(call) ?? true),
    emit: context.emit,
    signal,
    resume: batch.resume,
  });
  const reused = new Set(batch.resume?.completed?.keys() ?? []);
  if (batch.decidedCallId) reused.delete(batch.decidedCallId);
  const fresh = outcomes.filter((outcome) => !reused.has(outcome.toolCallId));
  const recorded = context.record.recordBatch(turn, outcomes, reused);
  await context.onBatch({
    recorded,
    fresh,
    plan: context.tracker.state,
    reasoning: context.reasoning.text,
  });
  signal.throwIfAborted();
  return outcomes;
}

async function pauseEnding(
  context: LoopContext,
  input: {
    turn: number;
    calls: PlannedToolCall[];
    outcomes: ToolCallOutcome[];
    gated: ToolCallOutcome;
  },
): Promise<PhaseEnding> {
  const { gated } = input;
  const descriptor = context.descriptors.get(gated.toolName);
  return {
    status: "paused",
    pendingApproval: {
      toolCallId: gated.toolCallId,
      toolName: gated.toolName,
      proposedArgs: gated.args,
      inputSchema: descriptor?.inputSchema ?? null,
      preview: await previewForApproval({
        gated,
        execute: context.run.execute,
        signal: context.signal,
      }),
    },
    checkpoint: {
      turn: input.turn,
      messages: JSON.parse(
        JSON.stringify(context.messages.slice(context.run.agent.history.length)),
      ),
      batch: { calls: input.calls, outcomes: input.outcomes.map(storeOutcome) },
    },
  };
}
