import { openPendingApproval } from "@/lib/db/queries/approvals";
import { confirmRunCancelIntents } from "@/lib/db/queries/cancel-intents";
import { countUnfinishedRunJobs } from "@/lib/db/queries/jobs";
import { readRunForMerge, saveRunFinalState } from "@/lib/db/queries/run-final-state";
import { withSessionLock } from "@/lib/db/queries/session-lock";
import {
  createMessage,
  findGenerationAnswer,
  nextMessagePosition,
} from "@/lib/db/queries/session-messages";
import { upsertToolCall } from "@/lib/db/queries/tool-call-writes";
import type { StagedRunState } from "../phase/staged-run-state";
import { decideFinalStateMerge } from "./decide-final-state-merge";

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
  return withSessionLock(state, async (transaction) => {
    const run = await readRunForMerge(transaction, state);
    const unfinishedJobs = await countUnfinishedRunJobs(
      { runId: state.runId, handlerJobIds: options.handlerJobIds },
      transaction,
    );
    const merge = decideFinalStateMerge({ run, state, unfinishedJobs });
    if (merge.kind === "stale") return { outcome: "stale" };
    const { status } = merge;
    for (const call of state.toolCalls) {
      await upsertToolCall(transaction, { runId: state.runId, call });
    }
    if (state.answer) {
      const saved = await findGenerationAnswer(transaction, state);
      if (!saved) {
        const position = await nextMessagePosition(transaction, state.sessionId);
        await createMessage(transaction, {
          sessionId: state.sessionId,
          runId: state.runId,
          role: "assistant",
          parts: [{ type: "text", text: state.answer }],
          executionGeneration: state.generation,
          position,
        });
      }
    }
    const pending = merge.opensPause ? state.pendingApproval : null;
    if (pending) {
      await openPendingApproval(transaction, {
        runId: state.runId,
        generation: state.generation,
        toolCallId: pending.toolCallId,
        toolName: pending.toolName,
        proposedArgs: pending.proposedArgs,
        inputSchema: pending.inputSchema,
        preview: pending.preview,
      });
    }
    await saveRunFinalState(transaction, {
      runId: state.runId,
      runStatus: status,
      partialText: state.answer,
      finalText: state.status === "completed" ? state.answer : null,
      errorCode: state.errorCode,
      errorMessage: state.errorMessage,
      checkpoint: state.checkpoint ? state.checkpoint : undefined,
      plan: state.plan ? state.plan : undefined,
      reasoning: state.reasoning,
      stopReason: state.stopReason ?? null,
      budgetUsed: state.budgetUsed,
      lastEventSeq: state.lastEventSeq,
      // Stop evidence is complete only once the run's jobs exited too (RC-6).
      executionStopped: !merge.stopPending,
      ...(merge.confirmStop ? { cancelStatus: "confirmed" as const } : {}),
      ...(merge.stopPending ? { cancelStatus: "stopping" as const } : {}),
      ...(merge.finished ? { finishedAt: new Date() } : {}),
    });
    if (merge.confirmStop) await confirmRunCancelIntents(transaction, state);
    options.beforeCommit?.();
    return { outcome: "merged" as const, status, stopPending: merge.stopPending };
  });
}
