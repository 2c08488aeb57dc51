import "server-only";
import type { Rerun, RerunRevision, RerunSummary, RerunTurn } from "@/lib/contracts/rerun";
import { compareTurns } from "./compare-turns";
import { readStoredRerunTurns, type StoredRerunTurn } from "./stored-rerun-turns";

/** A re-run row as the API shapes read it. */
export type RerunRow = {
  id: string;
  projectId: string;
  status: Rerun["status"];
  trigger: Rerun["trigger"];
  originalSessionId: string;
  sessionId: string;
  datasetId: string | null;
  revision: number | null;
  originalRevision: number | null;
  modelName: string;
  errorMessage: string | null;
  turns: unknown;
  createdAt: Date;
  finishedAt: Date | null;
  originalSession: { title: string };
};

function revisionOf(row: RerunRow, datasetName: string | null): RerunRevision | null {
  if (row.datasetId === null || row.revision === null) return null;
  return {
    dataset_id: row.datasetId,
    dataset_name: datasetName,
    revision: row.revision,
    original_revision: row.originalRevision,
  };
}

function turnJson(turn: StoredRerunTurn): RerunTurn {
  const comparison = turn.comparison ?? compareTurns({ before: turn.before, after: turn.after });
  return {
    message: turn.message,
    before: {
      ...comparison.before,
      run_id: turn.original_run_id,
      run_status: turn.original_run_status,
    },
    after: comparison.after
      ? { ...comparison.after, run_id: turn.run_id, run_status: turn.run_status }
      : null,
    asking_run_id: comparison.after ? null : turn.run_id,
    changed: comparison.changed,
    changes: comparison.changes,
  };
}

/** `GET /api/reruns/{rerun_id}`: the re-run with its turns compared. */
export function toRerunJson(row: RerunRow, datasetName: string | null): Rerun {
  const turns = readStoredRerunTurns(row.turns);
  return {
    rerun_id: row.id,
    project_id: row.projectId,
    status: row.status,
    trigger: row.trigger,
    original_session_id: row.originalSessionId,
    original_title: row.originalSession.title,
    session_id: row.sessionId,
    revision: revisionOf(row, datasetName),
    model: row.modelName,
    error_message: row.errorMessage,
    turns: turns.map(turnJson),
    turns_total: turns.length,
    turns_done: turns.filter((turn) => turn.after !== null).length,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/** One row of the project's re-run list. */
export function toRerunSummaryJson(row: RerunRow, datasetName: string | null): RerunSummary {
  const turns = readStoredRerunTurns(row.turns);
  return {
    rerun_id: row.id,
    original_session_id: row.originalSessionId,
    original_title: row.originalSession.title,
    session_id: row.sessionId,
    trigger: row.trigger,
    revision: revisionOf(row, datasetName),
    status: row.status,
    changed_turns: turns.filter((turn) => turn.comparison?.changed).length,
    turns_total: turns.length,
    created_at: row.createdAt.toISOString(),
  };
}
