import "server-only";
import type { ModelMessage } from "ai";
import { runToolBatch } from "@/lib/agent/scheduler/run-tool-batch";
import { summarizeEnvelope } from "@/lib/agent/scheduler/summarize-envelope";
import type { ToolCallOutcome } from "@/lib/agent/scheduler/tool-call-outcome";
import { toolResultForModel } from "@/lib/agent/scheduler/tool-result-for-model";
import {
  appendMessage,
  findRunForOwner,
  insertPendingApproval,
  updateRunStatus,
  upsertToolCall,
} from "@/lib/db/queries/runs";
import { getEnv } from "@/lib/env";
import type { RunEventLog } from "@/lib/runs/run-event-log";
import { runOptionsSchema } from "@/lib/runs/start-run-body-schema";
import { createRunAgent } from "./factory/create-run-agent";
import { toAiTools } from "./factory/to-ai-tools";
import { runModelTurn } from "./run-turn";
import { recordSessionEffects } from "./state/record-session-effects";
import { checkDatasetScope, executeToolCall } from "./tools/execute-tool-call";

// local-rules' longest plan (build, load, three bridging batches, view, report, answer) takes
// 8–9 turns and it answers by itself after 12; an LLM gets the same room plus a margin.
const maxModelTurns = 16;

/**
 * Executes one run end to end: assemble the agent, alternate model turns and scheduled tool
 * batches until the model answers, and persist messages, tool calls and the final state.
 * Errors end the run as `error` with a code; nothing is retried blindly.
 */
export async function executeRun(input: {
  runId: string;
  ownerId: string;
  log: RunEventLog;
  signal: AbortSignal;
}): Promise<void> {
  const { log, signal } = input;
  const run = await findRunForOwner({ ownerId: input.ownerId, runId: input.runId });
  if (!run) throw new Error(`run ${input.runId} vanished before it started`);
  const options = runOptionsSchema.parse(run.options);
  const generation = run.executionGeneration;
  const identity = {
    userId: input.ownerId,
    sessionId: run.sessionId,
    runId: run.id,
    agentId: "graph-analyst",
    executionGeneration: generation,
  };
  let answer = "";
  try {
    await updateRunStatus({ runId: run.id, runStatus: "running" });
    log.append({ type: "run_started" });
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
    const tools = toAiTools(agent.descriptors);
    const descriptorByName = new Map(
      agent.descriptors.map((descriptor) => [descriptor.name, descriptor]),
    );
    const userText = await findUserText(run.id, input.ownerId);
    const messages: ModelMessage[] = [...agent.history, { role: "user", content: userText }];

    for (let turn = 0; turn < maxModelTurns; turn++) {
      const result = await runModelTurn({
        model: agent.model,
        system: agent.system,
        messages,
        tools,
        signal,
        onText: (text) => {
          answer += text;
          log.append({ type: "text_delta", text });
        },
      });
      messages.push(...result.responseMessages);
      if (result.toolCalls.length === 0) break;

      const outcomes = await runToolBatch({
        calls: result.toolCalls,
        descriptors: descriptorByName,
        maxConcurrency: getEnv().AGENT_TOOL_MAX_CONCURRENCY,
        execute: (call, callSignal) =>
          executeToolCall({
            call,
            descriptor: descriptorByName.get(call.toolName),
            identity,
            signal: callSignal,
          }),
        precheck: ({ call }) => checkDatasetScope({ call, scopeDatasetIds: agent.scopeDatasetIds }),
        emit: (event) => log.append(event),
        signal,
      });
      await persistOutcomes({ runId: run.id, generation, turn, outcomes });
      await recordSessionEffects({ sessionId: run.sessionId, outcomes });
      messages.push({
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
      });
      const gated = outcomes.find((outcome) => outcome.status === "awaiting_approval");
      if (gated) {
        await insertPendingApproval({
          runId: run.id,
          toolCallId: gated.toolCallId,
          toolName: gated.toolName,
          proposedArgs: JSON.parse(JSON.stringify(gated.args)),
          executionGeneration: generation,
        });
        await finish({
          runId: run.id,
          sessionId: run.sessionId,
          generation,
          answer,
          status: "paused",
        });
        log.append({ type: "run_paused" });
        return;
      }
    }
    await finish({
      runId: run.id,
      sessionId: run.sessionId,
      generation,
      answer,
      status: "completed",
    });
    log.append({ type: "run_completed" });
  } catch (error) {
    const code = errorCodeOf(error);
    const message = error instanceof Error ? error.message : "The run failed.";
    console.error(`run ${run.id} failed:`, error);
    await finish({
      runId: run.id,
      sessionId: run.sessionId,
      generation,
      answer,
      status: "error",
      errorCode: code,
      errorMessage: message,
    }).catch((persistError) =>
      console.error(`run ${run.id}: could not persist the error state:`, persistError),
    );
    log.append({ type: "run_error", code, message });
  }
}

async function findUserText(runId: string, ownerId: string): Promise<string> {
  const { findRunSnapshotForOwner } = await import("@/lib/db/queries/runs");
  const snapshot = await findRunSnapshotForOwner({ ownerId, runId });
  const user = snapshot?.messages.find((message) => message.role === "user");
  const parts = (user?.parts ?? []) as { type?: string; text?: string }[];
  return parts
    .filter((part) => part.type === "text")
    .map((part) => part.text ?? "")
    .join("\n");
}

async function persistOutcomes(input: {
  runId: string;
  generation: number;
  turn: number;
  outcomes: ToolCallOutcome[];
}) {
  await Promise.all(
    input.outcomes.map((outcome, batchIndex) =>
      upsertToolCall({
        runId: input.runId,
        toolCallId: outcome.toolCallId,
        executionGeneration: input.generation,
        turnIndex: input.turn,
        batchIndex,
        toolName: outcome.toolName,
        args: JSON.parse(JSON.stringify(outcome.args)),
        status: outcome.status === "awaiting_approval" ? "awaiting_approval" : outcome.status,
        success: outcome.envelope?.success ?? null,
        result: outcome.envelope ? JSON.parse(JSON.stringify(outcome.envelope)) : undefined,
        summary: outcome.envelope ? summarizeEnvelope({ envelope: outcome.envelope }) : null,
        errorCode: outcome.errorCode ?? null,
        blockedBy: outcome.blockedBy ?? [],
        startedAt: outcome.startedAt ?? null,
        finishedAt: outcome.finishedAt ?? null,
        durationMs: outcome.durationMs ?? null,
      }),
    ),
  );
}

async function finish(input: {
  runId: string;
  sessionId: string;
  generation: number;
  answer: string;
  status: "completed" | "paused" | "error";
  errorCode?: string;
  errorMessage?: string;
}) {
  if (input.answer) {
    await appendMessage({
      sessionId: input.sessionId,
      runId: input.runId,
      role: "assistant",
      parts: [{ type: "text", text: input.answer }],
      executionGeneration: input.generation,
    });
  }
  await updateRunStatus({
    runId: input.runId,
    runStatus: input.status,
    partialText: input.answer,
    finalText: input.status === "completed" ? input.answer : undefined,
    errorCode: input.errorCode ?? null,
    errorMessage: input.errorMessage ?? null,
    finished: input.status !== "paused",
    executionStopped: true,
    terminalPersisted: true,
  });
}

function errorCodeOf(error: unknown): string {
  const code = (error as { code?: unknown })?.code;
  return typeof code === "string" && /^[A-Z_]+$/.test(code) ? code : "INTERNAL_ERROR";
}
