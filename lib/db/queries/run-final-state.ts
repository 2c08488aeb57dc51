import type { Prisma } from "@/generated/prisma/client";
import { decideFinalStateMerge } from "@/lib/runs/decide-final-state-merge";
import type { StagedRunState, StagedToolCall } from "@/lib/runs/staged-run-state";
import { getDb } from "../client";
import { confirmRunCancelIntents } from "./cancel-intents";
import { countUnfinishedRunJobs } from "./jobs";
import { lockSession } from "./session-lock";

function json(value: unknown): Prisma.InputJsonValue {
  return JSON.parse(JSON.stringify(value ?? null)) as Prisma.InputJsonValue;
}

function toolCallUpsert(runId: string, call: StagedToolCall) {
  const fields = {
    executionGeneration: call.executionGeneration,
    turnIndex: call.turnIndex,
    batchIndex: call.batchIndex,
    toolName: call.toolName,
    args: json(call.args),
    status: call.status,
    success: call.envelope?.success ?? null,
    result: call.envelope ? json(call.envelope) : undefined,
    summary: call.summary,
    errorCode: call.errorCode ?? null,
    blockedBy: call.blockedBy ?? [],
    startedAt: call.startedAt ? new Date(call.startedAt) : null,
    finishedAt: call.finishedAt ? new Date(call.finishedAt) : null,
    durationMs: call.durationMs ?? null,
  };
  return {
    where: { runId_toolCallId: { runId, toolCallId: call.toolCallId } },
    create: { runId, toolCallId: call.toolCallId, ...fields },
    update: fields,
  };
}

/**
 * Saves the tool calls of a finished batch while the run goes on, so a crash between tools keeps
 * them (PS-4). Idempotent by run + tool call id; the final-state merge writes them again.
 */
export async function saveToolCallProgress(runId: string, calls: StagedToolCall[]) {
  const db = await getDb();
  await db.$transaction(calls.map((call) => db.toolCall.upsert(toolCallUpsert(runId, call))));
}

/**
 * Saves the plan and the reasoning while the phase goes on, so a reader that lost the events
 * (a restart, a refresh outside the replay window) still finds them in the snapshot. Only the
 * phase's own generation writes: a superseded phase changes nothing (RC-4).
 */
export async function saveRunPlanProgress(input: {
  runId: string;
  generation: number;
  plan: unknown;
  reasoning: string;
}) {
  const db = await getDb();
  await db.run.updateMany({
    where: { id: input.runId, executionGeneration: input.generation, terminalPersisted: false },
    data: {
      ...(input.plan ? { plan: json(input.plan) } : {}),
      reasoning: input.reasoning,
    },
  });
}

/**
 * Merges one run phase's staged final state into the session record (PS-1, PS-2): one short
 * transaction under the session lock, merge-only and idempotent — tool calls by id, the answer
 * once per generation, the pause record once — so a retry after an unacknowledged commit never
 * makes a second copy. `decideFinalStateMerge` says what is saved (a stale generation changes
 * nothing, RC-4; a stop asked meanwhile is confirmed once none of the run's jobs executes any
 * more — else it is saved `stopping`, RC-6). `handlerJobIds` are jobs whose handler still runs
 * in this process: they count as executing whatever their row says.
 * `beforeCommit` runs last inside the transaction (fault tests make it throw).
 */
export async function mergeRunFinalState(
  state: StagedRunState,
  options: { beforeCommit?: () => void; handlerJobIds?: readonly string[] } = {},
): Promise<
  | { outcome: "merged"; status: StagedRunState["status"]; stopPending: boolean }
  | { outcome: "stale" }
> {
  const db = await getDb();
  return db.$transaction(async (transaction) => {
    await lockSession(transaction, state.ownerId, state.sessionId);
    const run = await transaction.run.findFirst({
      where: { id: state.runId, ownerId: state.ownerId },
      select: { executionGeneration: true, cancelStatus: true, runStatus: true },
    });
    const unfinishedJobs = await countUnfinishedRunJobs(
      { runId: state.runId, handlerJobIds: options.handlerJobIds },
      transaction,
    );
    const merge = decideFinalStateMerge({ run, state, unfinishedJobs });
    if (merge.kind === "stale") return { outcome: "stale" };
    const { status } = merge;
    for (const call of state.toolCalls) {
      await transaction.toolCall.upsert(toolCallUpsert(state.runId, call));
    }
    if (state.answer) {
      const saved = await transaction.message.findFirst({
        where: { runId: state.runId, role: "assistant", executionGeneration: state.generation },
        select: { id: true },
      });
      if (!saved) {
        const last = await transaction.message.aggregate({
          where: { sessionId: state.sessionId },
          _max: { position: true },
        });
        await transaction.message.create({
          data: {
            sessionId: state.sessionId,
            runId: state.runId,
            role: "assistant",
            parts: [{ type: "text", text: state.answer }],
            executionGeneration: state.generation,
            position: (last._max.position ?? -1) + 1,
          },
        });
      }
    }
    const pending = merge.opensPause ? state.pendingApproval : null;
    if (pending) {
      await transaction.approval.upsert({
        where: {
          runId_toolCallId_executionGeneration: {
            runId: state.runId,
            toolCallId: pending.toolCallId,
            executionGeneration: state.generation,
          },
        },
        create: {
          runId: state.runId,
          pendingRunId: state.runId,
          toolCallId: pending.toolCallId,
          toolName: pending.toolName,
          proposedArgs: json(pending.proposedArgs),
          inputSchema: pending.inputSchema ? json(pending.inputSchema) : undefined,
          preview: pending.preview === undefined ? undefined : json(pending.preview),
          executionGeneration: state.generation,
        },
        update: {},
      });
    }
    await transaction.run.update({
      where: { id: state.runId },
      data: {
        runStatus: status,
        partialText: state.answer,
        finalText: state.status === "completed" ? state.answer : null,
        errorCode: state.errorCode,
        errorMessage: state.errorMessage,
        checkpoint: state.checkpoint ? json(state.checkpoint) : undefined,
        plan: state.plan ? json(state.plan) : undefined,
        reasoning: state.reasoning,
        lastEventSeq: state.lastEventSeq,
        // Stop evidence is complete only once the run's jobs exited too (RC-6).
        executionStopped: !merge.stopPending,
        terminalPersisted: true,
        revision: { increment: 1 },
        ...(merge.confirmStop ? { cancelStatus: "confirmed" as const } : {}),
        ...(merge.stopPending ? { cancelStatus: "stopping" as const } : {}),
        ...(merge.finished ? { finishedAt: new Date() } : {}),
      },
    });
    if (merge.confirmStop) await confirmRunCancelIntents(transaction, state);
    options.beforeCommit?.();
    return { outcome: "merged" as const, status, stopPending: merge.stopPending };
  });
}

/** What the read-back compares with the staged state. */
export async function readRunControlState(runId: string) {
  const db = await getDb();
  return db.run.findUnique({
    where: { id: runId },
    select: {
      runStatus: true,
      executionGeneration: true,
      terminalPersisted: true,
      executionStopped: true,
      _count: { select: { toolCalls: true } },
    },
  });
}
