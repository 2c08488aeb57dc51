import "server-only";
import { createHash } from "node:crypto";
import { resolveLanguageModel } from "@/lib/agent/models/providers/resolve-language-model";
import type { StartRunResponse } from "@/lib/contracts/run-start";
import { listDatasetsWithLatestConstruction } from "@/lib/db/queries/datasets";
import { refuseStartRequest, registerStartRequest } from "@/lib/db/queries/run-start-requests";
import { findSessionForOwner } from "@/lib/db/queries/sessions";
import { DatasetScopeRequiredError } from "@/lib/errors/dataset-scope-required-error";
import { InvalidRequestError, NotFoundError } from "@/lib/errors/http-errors";
import { SessionBusyError, StartIdempotencyConflictError } from "@/lib/errors/run-control-errors";
import { executorId } from "../../process/executor-id";
import { resolveRunBudget } from "../budget/resolve-run-budget";
import { editLatestTurnStatus } from "../cancel/run-control-enabled";
import { runEventLog } from "../events/run-event-log";
import { admitRun } from "./admit-run";
import { decideRetry, type RetryDecision } from "./decide-admission";
import { launchRun } from "./launch-run";
import type { StartRunBody } from "./start-run-body-schema";

/**
 * Admits one chat message as a run (RC-2). The start_request_id is registered with the request's
 * fingerprint first, so a retry of a start that made a run always gets that run (200), and other
 * content under the same id the conflict — even when the model or an attachment is gone since.
 * Only a first attempt is then validated (attachments in the project → DATASET_SCOPE_REQUIRED,
 * the model → MODEL_NOT_CONFIGURED, before anything is called) and admitted under the session
 * lock; a refused attempt binds nothing, so a corrected retry with the same id starts normally.
 */
export async function startRun(input: {
  ownerId: string;
  sessionId: string;
  body: StartRunBody;
}): Promise<{ status: number; run: StartRunResponse }> {
  const session = await findSessionForOwner({ ownerId: input.ownerId, sessionId: input.sessionId });
  if (!session) throw new NotFoundError("Session", { session_id: input.sessionId });
  const { body } = input;
  const request = {
    ownerId: input.ownerId,
    sessionId: session.id,
    startRequestId: body.start_request_id,
    fingerprint: fingerprintOf(body),
  };
  const registered = await registerStartRequest(request);
  const retry = decideRetry({ existing: registered.existing, fingerprint: request.fingerprint });
  if (retry) return answerRetry(retry);
  try {
    return await admitFirstAttempt({ ...request, projectId: session.projectId, body });
  } catch (error) {
    // The refusal is bookkeeping: a row left `registered` binds nothing either, so a failure
    // to write it must not hide why the start was refused.
    await refuseStartRequest(request).catch(() => undefined);
    throw error;
  }
}

/** A first attempt: validated, then registered as a run under the session lock, then launched. */
async function admitFirstAttempt(input: {
  ownerId: string;
  sessionId: string;
  projectId: string;
  fingerprint: string;
  body: StartRunBody;
}) {
  const { body } = input;
  if (body.replaces_run_id && !editLatestTurnStatus().enabled) {
    throw new InvalidRequestError("Editing the latest turn is turned off on this server.", {
      capability: "edit_latest_turn_v1",
      reason: editLatestTurnStatus().reason,
    });
  }
  await assertAttachmentsInProject({
    ownerId: input.ownerId,
    projectId: input.projectId,
    attachments: body.attachments,
  });
  const model = await resolveLanguageModel({
    ownerId: input.ownerId,
    modelName: body.options.model,
  });
  const admitted = await admitRun({
    ownerId: input.ownerId,
    sessionId: input.sessionId,
    projectId: input.projectId,
    startRequestId: body.start_request_id,
    fingerprint: input.fingerprint,
    options: body.options,
    attachments: body.attachments,
    modelName: model.entry.name,
    budget: resolveRunBudget(body.options.budget),
    messageParts: [
      { type: "text", text: body.message },
      ...body.attachments.map((id) => ({ type: "dataset", dataset_id: id })),
    ],
    executorId: executorId(),
    replacesRunId: body.replaces_run_id,
  });
  if (admitted.kind === "existing" || admitted.kind === "idempotency_conflict") {
    return answerRetry(admitted);
  }
  if (admitted.kind === "busy") {
    throw new SessionBusyError("This session is still working on an earlier message.", {
      can_send: false,
      active_run: {
        run_id: admitted.run.id,
        run_status: admitted.run.runStatus,
        terminal_persisted: admitted.run.terminalPersisted,
      },
    });
  }
  if (admitted.kind === "not_replaceable") {
    throw new InvalidRequestError(admitted.reason, { replaces_run_id: body.replaces_run_id });
  }
  if (admitted.kind === "cancelled") {
    // Stopped before it started (RC-3): its stream holds just the terminal event.
    runEventLog(admitted.run.id, { create: true })?.append({ type: "run_cancelled" });
    return {
      status: 200,
      run: {
        ...runReference(admitted.run.id, admitted.run.executionGeneration),
        run_status: "cancelled",
        cancel_status: "confirmed",
      } satisfies StartRunResponse,
    };
  }
  // The model resolved here (credential included) is the run's: its first phase reuses it.
  launchRun({ runId: admitted.run.id, ownerId: input.ownerId, model });
  return { status: 202, run: runReference(admitted.run.id, admitted.run.executionGeneration) };
}

/** The same content names its run (200); other content under the same id is a conflict. */
function answerRetry(retry: RetryDecision) {
  if (retry.kind === "idempotency_conflict") {
    throw new StartIdempotencyConflictError(
      "This start_request_id was already used for a different message.",
      { run_id: retry.run.id },
    );
  }
  return { status: 200, run: runReference(retry.run.id, retry.run.executionGeneration) };
}

function runReference(runId: string, generation: number): StartRunResponse {
  return {
    run_id: runId,
    execution_generation: generation,
    events_url: `/api/runs/${runId}/events`,
  };
}

/** The fingerprint of a start request: same content ⇔ same fingerprint. */
function fingerprintOf(body: StartRunBody): string {
  const canonical = JSON.stringify({
    message: body.message,
    attachments: [...body.attachments].sort(),
    options: body.options,
    ...(body.replaces_run_id ? { replaces_run_id: body.replaces_run_id } : {}),
  });
  return createHash("sha256").update(canonical).digest("hex");
}

/** Attachments must be datasets of the session's project (SS-4: never across projects). */
async function assertAttachmentsInProject(input: {
  ownerId: string;
  projectId: string;
  attachments: string[];
}) {
  if (input.attachments.length === 0) return;
  const datasets = await listDatasetsWithLatestConstruction({
    ownerId: input.ownerId,
    projectId: input.projectId,
  });
  const known = new Set(datasets.map((dataset) => dataset.id));
  const foreign = input.attachments.filter((id) => !known.has(id));
  if (foreign.length > 0) {
    throw new DatasetScopeRequiredError("Attachments must be datasets of this session's project.", {
      dataset_ids: foreign,
    });
  }
}
