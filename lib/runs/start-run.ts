import "server-only";
import { createHash } from "node:crypto";
import { resolveLanguageModel } from "@/lib/agent/models/providers/resolve-language-model";
import { listDatasetsWithLatestConstruction } from "@/lib/db/queries/datasets";
import { admitRun } from "@/lib/db/queries/run-admission";
import { findSessionForOwner } from "@/lib/db/queries/sessions";
import { DatasetScopeRequiredError } from "@/lib/errors/dataset-scope-required-error";
import { InvalidRequestError, NotFoundError } from "@/lib/errors/http-errors";
import { SessionBusyError, StartIdempotencyConflictError } from "@/lib/errors/run-control-errors";
import { executorId } from "./executor-id";
import { launchRun } from "./launch-run";
import { editLatestTurnStatus } from "./run-control-enabled";
import { runEventLog } from "./run-event-log";
import type { StartRunBody } from "./start-run-body-schema";

/**
 * Admits one chat message as a run (RC-2): validates the model first (MODEL_NOT_CONFIGURED
 * before anything is written or called), then registers the run under the session lock with
 * its idempotency key, then starts it in the background. A retry with the same key and content
 * returns the same run; different content is a conflict; a busy session is refused.
 */
export async function startRun(input: { ownerId: string; sessionId: string; body: StartRunBody }) {
  const session = await findSessionForOwner({ ownerId: input.ownerId, sessionId: input.sessionId });
  if (!session) throw new NotFoundError("Session", { session_id: input.sessionId });
  const { body } = input;
  if (body.replaces_run_id && !editLatestTurnStatus().enabled) {
    throw new InvalidRequestError("Editing the latest turn is turned off on this server.", {
      capability: "edit_latest_turn_v1",
      reason: editLatestTurnStatus().reason,
    });
  }
  await assertAttachmentsInProject({
    ownerId: input.ownerId,
    projectId: session.projectId,
    attachments: body.attachments,
  });
  const { entry } = await resolveLanguageModel({
    ownerId: input.ownerId,
    modelName: body.options.model,
  });
  const fingerprint = fingerprintOf(body);
  const admitted = await admitRun({
    ownerId: input.ownerId,
    sessionId: session.id,
    projectId: session.projectId,
    startRequestId: body.start_request_id,
    fingerprint,
    options: body.options,
    attachments: body.attachments,
    modelName: entry.name,
    messageParts: [
      { type: "text", text: body.message },
      ...body.attachments.map((id) => ({ type: "dataset", dataset_id: id })),
    ],
    executorId: executorId(),
    replacesRunId: body.replaces_run_id,
  });
  if (admitted.kind === "idempotency_conflict") {
    throw new StartIdempotencyConflictError(
      "This start_request_id was already used for a different message.",
      { run_id: admitted.run.id },
    );
  }
  if (admitted.kind === "existing") {
    return { status: 200, run: runReference(admitted.run.id, admitted.run.executionGeneration) };
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
      },
    };
  }
  launchRun({ runId: admitted.run.id, ownerId: input.ownerId });
  return { status: 202, run: runReference(admitted.run.id, admitted.run.executionGeneration) };
}

function runReference(runId: string, generation: number) {
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
