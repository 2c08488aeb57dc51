import "server-only";
import { createHash } from "node:crypto";
import { localRulesModelName } from "@/lib/agent/models/catalogue/model-catalogue-entry";
import { resolveLanguageModel } from "@/lib/agent/models/providers/resolve-language-model";
import type { StartRerunBody, StartRerunResponse } from "@/lib/contracts/rerun";
import { revisionPinsStateKey } from "@/lib/contracts/session-revision-pins";
import {
  findRerunByStartRequest,
  insertRerunWithSession,
  recordRerunJob,
} from "@/lib/db/queries/reruns";
import { findSessionForOwner } from "@/lib/db/queries/sessions";
import { InvalidRequestError, NotFoundError } from "@/lib/errors/http-errors";
import { StartIdempotencyConflictError } from "@/lib/errors/run-control-errors";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { compareTurns } from "./compare-turns";
import { readConversationTurns } from "./conversation-turns";
import { rerunConversationJob } from "./rerun-conversation-job";
import { resolveRerunRevision } from "./resolve-rerun-revision";
import type { StoredRerunTurn } from "./stored-rerun-turns";

type RerunRow = { id: string; sessionId: string; requestFingerprint: string; jobId: string | null };

/**
 * Starts asking a conversation again on new data: a new session of the same project, held to the
 * chosen (or latest) revision, whose turns a `rerun_conversation` job asks one after another.
 * Idempotent by start_request_id: the same request answers the same re-run (200), other content
 * under the same id is START_IDEMPOTENCY_CONFLICT. Nothing is created for an unknown or foreign
 * conversation, dataset or revision (404), a conversation with no question, or an unknown model.
 */
export async function startRerun(input: {
  ownerId: string;
  sessionId: string;
  body: StartRerunBody;
  trigger?: "manual" | "watch";
  watchId?: string;
}): Promise<{ status: 200 | 202; rerun: StartRerunResponse }> {
  const trigger = input.trigger ?? "manual";
  const session = await findSessionForOwner({ ownerId: input.ownerId, sessionId: input.sessionId });
  if (!session) throw new NotFoundError("Session", { session_id: input.sessionId });
  const fingerprint = fingerprintOf({ body: input.body, trigger });
  const key = {
    ownerId: input.ownerId,
    originalSessionId: session.id,
    startRequestId: input.body.start_request_id,
  };
  const existing = await findRerunByStartRequest(key);
  if (existing)
    return answerRetry({
      ownerId: input.ownerId,
      projectId: session.projectId,
      rerun: existing,
      fingerprint,
    });

  const turns = await readConversationTurns({ ownerId: input.ownerId, sessionId: session.id });
  if (turns.length === 0) {
    throw new InvalidRequestError("This conversation has no question to ask again yet.", {
      session_id: session.id,
    });
  }
  // The model is checked before anything is created (MODEL_NOT_CONFIGURED), as a run start does.
  const model = await resolveLanguageModel({
    ownerId: input.ownerId,
    modelName: input.body.model ?? localRulesModelName,
  });
  const choice = await resolveRerunRevision({
    ownerId: input.ownerId,
    projectId: session.projectId,
    turns,
    activeDatasetId: session.activeDatasetId,
    datasetId: input.body.dataset_id,
    revision: input.body.revision,
  });
  const storedTurns: StoredRerunTurn[] = turns.map((turn) => ({
    message: turn.message,
    attachments: turn.attachments,
    options: turn.options,
    original_run_id: turn.runId,
    original_run_status: turn.runStatus,
    before: turn.evidence,
    run_id: null,
    run_status: null,
    after: null,
    comparison: compareTurns({ before: turn.evidence, after: null }),
  }));
  const inserted = await insertRerunWithSession({
    ...key,
    projectId: session.projectId,
    requestFingerprint: fingerprint,
    trigger,
    title: rerunTitle({ title: session.title, revision: choice.revision }),
    sessionState: { [revisionPinsStateKey]: choice.pins },
    activeDatasetId: choice.datasetId,
    datasetId: choice.datasetId,
    revision: choice.revision,
    originalRevision: choice.originalRevision,
    revisionPins: choice.pins,
    modelName: model.entry.name,
    watchId: input.watchId,
    turns: storedTurns,
  });
  if (!inserted.created) {
    return answerRetry({
      ownerId: input.ownerId,
      projectId: session.projectId,
      rerun: inserted.rerun,
      fingerprint,
    });
  }
  await dispatch({
    ownerId: input.ownerId,
    projectId: session.projectId,
    rerunId: inserted.rerun.id,
  });
  return {
    status: 202,
    rerun: { rerun_id: inserted.rerun.id, session_id: inserted.rerun.sessionId },
  };
}

/** Enqueues the job that asks the turns, and names it on the re-run. */
async function dispatch(input: { ownerId: string; projectId: string; rerunId: string }) {
  const { jobId } = await enqueueJob({
    ownerId: input.ownerId,
    projectId: input.projectId,
    ...rerunConversationJob.withInput({ rerun_id: input.rerunId }),
  });
  await recordRerunJob({ rerunId: input.rerunId, jobId });
}

/** The same content names its re-run (200); other content under the same id is a conflict. */
async function answerRetry(input: {
  ownerId: string;
  projectId: string;
  rerun: RerunRow;
  fingerprint: string;
}): Promise<{ status: 200; rerun: StartRerunResponse }> {
  if (input.rerun.requestFingerprint !== input.fingerprint) {
    throw new StartIdempotencyConflictError(
      "This start_request_id was already used for a different re-run.",
      { rerun_id: input.rerun.id },
    );
  }
  // A first attempt that stopped between its record and its job: the retry dispatches it.
  if (!input.rerun.jobId) {
    await dispatch({ ownerId: input.ownerId, projectId: input.projectId, rerunId: input.rerun.id });
  }
  return { status: 200, rerun: { rerun_id: input.rerun.id, session_id: input.rerun.sessionId } };
}

function rerunTitle(input: { title: string; revision: number | null }): string {
  const suffix = input.revision === null ? " · re-run" : ` · re-run on revision ${input.revision}`;
  return `${input.title.slice(0, 200 - suffix.length)}${suffix}`;
}

/** Same content ⇔ same fingerprint: the data and model asked for, and what started it. */
function fingerprintOf(input: { body: StartRerunBody; trigger: string }): string {
  const canonical = JSON.stringify({
    dataset_id: input.body.dataset_id ?? null,
    revision: input.body.revision ?? null,
    model: input.body.model ?? null,
    trigger: input.trigger,
  });
  return createHash("sha256").update(canonical).digest("hex");
}
