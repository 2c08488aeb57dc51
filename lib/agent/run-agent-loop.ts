import "server-only";
import type { ModelMessage, ToolSet } from "ai";
import type { RunEventPayload } from "@/lib/contracts/run-event";
import type { RunAgent } from "./factory/create-run-agent";
import { toAiTools } from "./factory/to-ai-tools";
import type { Continuation } from "./load-continuation";
import { type ModifiedCall, withReviewerModification } from "./modified-call-result";
import { failureEnding, type PhaseEnding } from "./phase-ending";
import { previewForApproval } from "./preview-for-approval";
import { storeOutcome } from "./run-checkpoint";
import { type RecordedToolCall, RunPhaseRecord } from "./run-phase-record";
import { runModelTurn } from "./run-turn";
import { runToolBatch } from "./scheduler/run-tool-batch";
import type { ToolBatchResume, ToolCallOutcome } from "./scheduler/tool-call-outcome";
import { toolResultForModel } from "./scheduler/tool-result-for-model";
import { checkDatasetScope } from "./tools/execute-tool-call";
import type { PlannedToolCall, ToolDescriptor, ToolEnvelope } from "./tools/tool-descriptor";

// local-rules' longest plan (build, load, three bridging batches, view, report, answer) takes
// 8–9 turns and it answers by itself after 12; an LLM gets the same room plus a margin.
const maxModelTurns = 16;

/** A run phase ready for the loop: its agent, how to run a tool call, and where it starts. */
export type PreparedRun = {
  runId: string;
  generation: number;
  agent: Pick<RunAgent, "model" | "system" | "history" | "descriptors" | "scopeDatasetIds">;
  execute: (call: PlannedToolCall, signal: AbortSignal) => Promise<ToolEnvelope>;
  /** A first phase starts from the user's message; a continued one from its saved pause. */
  start: { kind: "message"; text: string } | { kind: "continuation"; continuation: Continuation };
  maxConcurrency: number;
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
  onBatch: (batch: { recorded: RecordedToolCall[]; fresh: ToolCallOutcome[] }) => Promise<void>;
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
  const context: LoopContext = {
    ...input,
    tools: toAiTools(run.agent.descriptors),
    descriptors: new Map(run.agent.descriptors.map((descriptor) => [descriptor.name, descriptor])),
    record: new RunPhaseRecord(run.generation),
    messages: [...run.agent.history],
  };
  let ending: PhaseEnding;
  try {
    ending = await runTurns(context);
  } catch (error) {
    ending = failureEnding({ error, signal: input.signal, runId: run.runId });
  }
  return { ending, record: context.record, messages: context.messages };
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
      });
      messages.push(...result.responseMessages);
      if (result.toolCalls.length === 0) break;
      batch = { calls: result.toolCalls };
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
    emit: context.emit,
    signal,
    resume: batch.resume,
  });
  const reused = new Set(batch.resume?.completed?.keys() ?? []);
  if (batch.decidedCallId) reused.delete(batch.decidedCallId);
  const fresh = outcomes.filter((outcome) => !reused.has(outcome.toolCallId));
  const recorded = context.record.recordBatch(turn, outcomes, reused);
  await context.onBatch({ recorded, fresh });
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

/** The results of a batch as the model sees them, in batch order (DAG-5). */
function toolResultMessage(
  outcomes: ToolCallOutcome[],
  modified: ModifiedCall | null,
): ModelMessage {
  return {
    role: "tool",
    content: outcomes.map((outcome) => {
      const envelope = toolResultForModel({ outcome });
      const seen =
        modified?.toolCallId === outcome.toolCallId
          ? withReviewerModification(envelope, modified)
          : envelope;
      return {
        type: "tool-result" as const,
        toolCallId: outcome.toolCallId,
        toolName: outcome.toolName,
        output: { type: "json" as const, value: JSON.parse(JSON.stringify(seen)) },
      };
    }),
  };
}
