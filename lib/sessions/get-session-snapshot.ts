import "server-only";
import { isRunBusy } from "@/lib/contracts/run-status";
import type { ChatMessage, RunSummary, SessionSnapshot } from "@/lib/contracts/session";
import { emptyRunUsage } from "@/lib/contracts/usage";
import { findSessionSnapshotForOwner } from "@/lib/db/queries/sessions";
import { NotFoundError } from "@/lib/errors/http-errors";
import { readRunUsages } from "@/lib/usage/read-run-usages";
import { lastAttachedDatasetId, resolveAttachedDatasets } from "./session-dataset";
import { toSessionJson } from "./session-json";

/**
 * Everything a client needs to draw a session: messages, run summaries, state, the pending
 * approval, the active run and `can_send` (RC-2: busy while a run is live, paused or unsaved).
 */
export async function getSessionSnapshot(input: {
  ownerId: string;
  sessionId: string;
}): Promise<SessionSnapshot> {
  const session = await findSessionSnapshotForOwner(input);
  if (!session) throw new NotFoundError("Session", { session_id: input.sessionId });
  const usages = await readRunUsages({ ownerId: input.ownerId, runs: session.runs });
  const runs = session.runs.map(
    (run): RunSummary => ({
      run_id: run.id,
      run_status: run.runStatus,
      execution_generation: run.executionGeneration,
      revision: run.revision,
      cancel_status: run.cancelStatus,
      execution_stopped: run.executionStopped,
      terminal_persisted: run.terminalPersisted,
      error_code: run.errorCode,
      replaces_run_id: run.replacesRunId,
      replaced_by_run_id: run.replacedBy[0]?.id ?? null,
      created_at: run.createdAt.toISOString(),
      finished_at: run.finishedAt?.toISOString() ?? null,
      usage: usages.get(run.id)?.usage ?? emptyRunUsage,
    }),
  );
  const active = session.runs.find((run) => isRunBusy(run));
  const pending = session.runs.flatMap((run) =>
    run.approvals.map((approval) => ({
      run_id: run.id,
      tool_call_id: approval.toolCallId,
      tool_name: approval.toolName,
      args: approval.proposedArgs,
      preview: approval.preview ?? null,
      execution_generation: approval.executionGeneration,
      created_at: approval.createdAt.toISOString(),
    })),
  );
  const state = (session.state ?? {}) as Record<string, unknown>;
  const [attached] = await resolveAttachedDatasets({
    ownerId: input.ownerId,
    attachedIds: [
      session.activeDataset ? null : lastAttachedDatasetId(session.runs.at(-1)?.attachments),
    ],
  });
  return {
    ...toSessionJson(session, attached),
    messages: session.messages.map((message) => ({
      message_id: message.id,
      run_id: message.runId,
      role: message.role as ChatMessage["role"],
      parts: message.parts as ChatMessage["parts"],
      position: message.position,
      created_at: message.createdAt.toISOString(),
    })),
    runs,
    session_state: {
      ...state,
      active_dataset_id: session.activeDatasetId,
      data_state: state.data_state ?? null,
    },
    pending_approval: pending[0] ?? null,
    active_run: active ? (runs.find((run) => run.run_id === active.id) ?? null) : null,
    can_send: !active,
  };
}
