import "server-only";
import type { ModelMessage } from "ai";
import { runToolBatch } from "@/lib/agent/scheduler/run-tool-batch";
import type { ToolBatchResume, ToolCallOutcome } from "@/lib/agent/scheduler/tool-call-outcome";
import { toolResultForModel } from "@/lib/agent/scheduler/tool-result-for-model";
import { saveToolCallProgress } from "@/lib/db/queries/run-final-state";
import {
  findRunForOwner,
  findRunUserMessage,
  isRunStopRequested,
  markRunPhaseRunning,
} from "@/lib/db/queries/runs";
import { getEnv } from "@/lib/env";
import { persistRunFinalState } from "@/lib/runs/persist-run-final-state";
import { storeOutcome } from "@/lib/runs/run-checkpoint";
import type { RunEventLog } from "@/lib/runs/run-event-log";
import type { StagedRunState } from "@/lib/runs/staged-run-state";
import { runOptionsSchema } from "@/lib/runs/start-run-body-schema";
import { createRunAgent } from "./factory/create-run-agent";
import { toAiTools } from "./factory/to-ai-tools";
import { loadContinuation } from "./load-continuation";
import { type PhaseEnding, terminalEvent } from "./phase-ending";
import { previewForApproval } from "./preview-for-approval";
import { RunPhaseRecord } from "./run-phase-record";
import { runModelTurn } from "./run-turn";
import { recordSessionEffects } from "./state/record-session-effects";
import { checkDatasetScope, executeToolCall } from "./tools/execute-tool-call";
import type { PlannedToolCall } from "./tools/tool-descriptor";

// local-rules' longest plan (build, load, three bridging batches, view, report, answer) takes
// 8–9 turns and it answers by itself after 12; an LLM gets the same room plus a margin.
const maxModelTurns = 16;

/**
 * Executes one phase of a run — the first one, or the continuation after an approval decision
 * (AP-4, generation + 1) — until the model answers, a call waits for approval, the run is
 * stopped (RC-5) or fails. The phase's final state is staged and saved with read-back (PS-2)
 * before its terminal event is sent, so a client that sees `run_completed` / `run_cancelled`
 * finds the same state in the snapshot. Errors end the run as `error`; nothing is retried.
 */
export async function executeRun(input: {
  runId: string;
  ownerId: string;
  log: RunEventLog;
  scope: AbortController;
}): Promise<void> {
  const { log, scope } = input;
  const signal = scope.signal;
  const run = await findRunForOwner({ ownerId: input.ownerId, runId: input.runId });
  if (!run) throw new Error(`run ${input.runId} vanished before it started`);
  const generation = run.executionGeneration;
  log.setGeneration(generation);
  const record = new RunPhaseRecord(generation);
  // The stop state is checked before every new operation (RC-5); a cancel handled by another
  // process reaches this executor through the run row.
  const stopIfAsked = async () => {
    if (!signal.aborted && (await isRunStopRequested(run.id))) scope.abort();
    signal.throwIfAborted();
  };

  let ending: PhaseEnding;
  try {
    await stopIfAsked();
    if (!(await markRunPhaseRunning({ runId: run.id, generation }))) {
      throw new Error(`run ${run.id} moved past generation ${generation} before it started`);
    }
    log.append({ type: "run_started" });
    const options = runOptionsSchema.parse(run.options);
    const identity = {
      userId: input.ownerId,
      sessionId: run.sessionId,
      runId: run.id,
      agentId: "graph-analyst",
      executionGeneration: generation,
    };
    const agent = await createRunAgent({
      ownerId: input.ownerId,
      run: {
        id: run.id,
        modelName: run.modelName,
        options,
        attachments: run.attachments as string[],
      },
      session: run.session,
      identity,
      signal,
    });
    const descriptorByName = new Map(
      agent.descriptors.map((descriptor) => [descriptor.name, descriptor]),
    );
    const tools = toAiTools(agent.descriptors);
    const execute = (call: PlannedToolCall, callSignal: AbortSignal) =>
      executeToolCall({
        call,
        descriptor: descriptorByName.get(call.toolName),
        identity,
        signal: callSignal,
      });

    // A continued phase starts from the saved checkpoint with the decided batch; a first phase
    // from the history and the user's message.
    let messages: ModelMessage[];
    let turn = 0;
    let pendingBatch: {
      calls: PlannedToolCall[];
      resume: ToolBatchResume;
      decidedCallId: string;
    } | null = null;
    let decidedCallId: string | undefined;
    if (generation > 1) {
      const continuation = await loadContinuation({
        runId: run.id,
        generation,
        checkpoint: run.checkpoint,
      });
      messages = [...agent.history, ...continuation.checkpoint.messages];
      turn = continuation.checkpoint.turn;
      pendingBatch = {
        calls: continuation.checkpoint.batch.calls,
        resume: continuation.resume,
        decidedCallId: continuation.decidedCallId,
      };
      if (continuation.rejection) log.append(continuation.rejection);
    } else {
      const userText = await findUserText(run.id);
      messages = [...agent.history, { role: "user", content: userText }];
    }

    ending = { status: "completed" };
    for (; turn < maxModelTurns; turn++) {
      let calls: PlannedToolCall[];
      let resume: ToolBatchResume | undefined;
      if (pendingBatch) {
        ({ calls, resume, decidedCallId } = pendingBatch);
        pendingBatch = null;
      } else {
        decidedCallId = undefined;
        await stopIfAsked();
        const result = await runModelTurn({
          model: agent.model,
          system: agent.system,
          messages,
          tools,
          signal,
          onText: (text) => {
            record.answer += text;
            log.append({ type: "text_delta", text });
          },
        });
        messages.push(...result.responseMessages);
        if (result.toolCalls.length === 0) break;
        calls = result.toolCalls;
      }
      await stopIfAsked();
      const outcomes = await runToolBatch({
        calls,
        descriptors: descriptorByName,
        maxConcurrency: getEnv().AGENT_TOOL_MAX_CONCURRENCY,
        execute,
        precheck: ({ call }) => checkDatasetScope({ call, scopeDatasetIds: agent.scopeDatasetIds }),
        emit: (event) => log.append(event),
        signal,
        resume,
      });
      // Outcomes reused from the earlier phase are already saved and already had their effects;
      // the decided call is this phase's own fact (its run, or its rejection).
      const reused = new Set(resume?.completed?.keys() ?? []);
      if (decidedCallId) reused.delete(decidedCallId);
      const fresh = outcomes.filter((outcome) => !reused.has(outcome.toolCallId));
      const recorded = record.recordBatch(turn, outcomes, reused);
      await saveToolCallProgress(run.id, recorded).catch((error) =>
        console.error(`run ${run.id}: tool calls not saved yet (the final state has them):`, error),
      );
      await recordSessionEffects({ sessionId: run.sessionId, outcomes: fresh });
      signal.throwIfAborted();

      const gated = outcomes.find((outcome) => outcome.status === "awaiting_approval");
      if (gated) {
        const descriptor = descriptorByName.get(gated.toolName);
        ending = {
          status: "paused",
          pendingApproval: {
            toolCallId: gated.toolCallId,
            toolName: gated.toolName,
            proposedArgs: gated.args,
            inputSchema: descriptor?.inputSchema ?? null,
            preview: await previewForApproval({ gated, execute, signal }),
          },
          checkpoint: {
            turn,
            messages: JSON.parse(JSON.stringify(messages.slice(agent.history.length))),
            batch: { calls, outcomes: outcomes.map(storeOutcome) },
          },
        };
        break;
      }
      messages.push(toolResultMessage(outcomes));
    }
  } catch (error) {
    if (signal.aborted) {
      ending = { status: "cancelled" };
    } else {
      console.error(`run ${run.id} failed:`, error);
      ending = {
        status: "error",
        errorCode: errorCodeOf(error),
        errorMessage: error instanceof Error ? error.message : "The run failed.",
      };
    }
  }
  // A stop that arrived while the phase was pausing wins: nothing is left waiting for a decision.
  if (signal.aborted && ending.status === "paused") ending = { status: "cancelled" };

  const state: StagedRunState = {
    version: 1,
    runId: run.id,
    ownerId: input.ownerId,
    sessionId: run.sessionId,
    startRequestId: run.startRequestId,
    generation,
    status: ending.status,
    answer: record.answer,
    errorCode: ending.errorCode ?? null,
    errorMessage: ending.errorMessage ?? null,
    toolCalls: record.toolCalls,
    pendingApproval: ending.pendingApproval ?? null,
    checkpoint: ending.checkpoint ?? null,
    lastEventSeq: log.upcomingSeq,
    stagedAt: new Date().toISOString(),
  };
  try {
    const saved = await persistRunFinalState(state);
    if (saved.outcome === "stale") return;
    if (saved.status !== ending.status) ending = { status: saved.status };
  } catch (error) {
    console.error(`run ${run.id}: final state not saved; the staged copy waits for repair:`, error);
    log.append({
      type: "run_error",
      code: "PERSISTENCE_FAILED",
      message: "The run ended but its final state could not be saved yet; it will be repaired.",
    });
    return;
  }
  log.append(terminalEvent(ending));
}

/** The results of a batch as the model sees them, in batch order (DAG-5). */
function toolResultMessage(outcomes: ToolCallOutcome[]): ModelMessage {
  return {
    role: "tool",
    content: outcomes.map((outcome) => ({
      type: "tool-result" as const,
      toolCallId: outcome.toolCallId,
      toolName: outcome.toolName,
      output: {
        type: "json" as const,
        value: JSON.parse(JSON.stringify(toolResultForModel({ outcome }))),
      },
    })),
  };
}

// Only the text parts: attachments are in the run's data scope already.
async function findUserText(runId: string): Promise<string> {
  const user = await findRunUserMessage(runId);
  const parts = (user?.parts ?? []) as { type?: string; text?: string }[];
  return parts
    .filter((part) => part.type === "text")
    .map((part) => part.text ?? "")
    .join("\n");
}

function errorCodeOf(error: unknown): string {
  const code = (error as { code?: unknown })?.code;
  return typeof code === "string" && /^[A-Z_]+$/.test(code) ? code : "INTERNAL_ERROR";
}
