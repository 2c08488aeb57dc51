import { defaultSessionTitle } from "@/lib/contracts/session";
import { confirmStartCancelIntents, hasStartCancelIntent } from "@/lib/db/queries/cancel-intents";
import {
  createRun,
  findBusyRun,
  findLatestRun,
  findRunByStartRequest,
} from "@/lib/db/queries/run-records";
import { recordStartRequestOutcome } from "@/lib/db/queries/run-start-requests";
import { lockSession, lockStartRequest } from "@/lib/db/queries/session-lock";
import { createMessage, nextMessagePosition } from "@/lib/db/queries/session-messages";
import { nameSessionIfUntitled, touchSessionLastRun } from "@/lib/db/queries/sessions";
import { inTransaction, type JsonInput } from "@/lib/db/transaction";
import { deriveSessionTitle, questionText } from "@/lib/sessions/derive-session-title";
import { decideAdmission } from "./decide-admission";

/**
 * Registers a run and its user message in one short transaction under the session's advisory
 * lock, after `decideAdmission` checked idempotency and that the session is free (RC-2, PS-1).
 */
export async function admitRun(input: {
  ownerId: string;
  sessionId: string;
  projectId: string;
  startRequestId: string;
  fingerprint: string;
  options: JsonInput;
  attachments: string[];
  modelName: string;
  /** The budget in force, fixed at admission. */
  budget?: JsonInput;
  messageParts: JsonInput;
  executorId: string;
  /** Edit latest turn: the session's latest finished run this one replaces. */
  replacesRunId?: string;
}) {
  return inTransaction(async (transaction) => {
    // Start lock first, then the session lock: the same order as a cancel by start_request_id.
    await lockStartRequest(transaction, input.ownerId, input.startRequestId);
    await lockSession(transaction, input.ownerId, input.sessionId);
    const rows = {
      existing: await findRunByStartRequest(transaction, input),
      cancelledBeforeStart: await hasStartCancelIntent(transaction, input),
      busy: await findBusyRun(transaction, input.sessionId),
      latest: input.replacesRunId ? await findLatestRun(transaction, input.sessionId) : null,
    };
    const decision = decideAdmission({ rows, request: input });
    if (decision.kind !== "create") return decision;
    // A cancel sent before this start (RC-3) wins: the run is recorded as cancelled, nothing runs.
    const cancelledBeforeStart = decision.cancelled;
    const position = await nextMessagePosition(transaction, input.sessionId);
    const run = await createRun(transaction, {
      sessionId: input.sessionId,
      ownerId: input.ownerId,
      projectId: input.projectId,
      startRequestId: input.startRequestId,
      requestFingerprint: input.fingerprint,
      options: input.options,
      attachments: input.attachments,
      modelName: input.modelName,
      budget: input.budget,
      replacesRunId: input.replacesRunId,
      executorId: input.executorId,
      heartbeatAt: new Date(),
      ...(cancelledBeforeStart
        ? {
            runStatus: "cancelled" as const,
            cancelStatus: "confirmed" as const,
            executionStopped: true,
            terminalPersisted: true,
            finishedAt: new Date(),
          }
        : { runStatus: "preparing" as const }),
    });
    if (cancelledBeforeStart) {
      await confirmStartCancelIntents(transaction, {
        ownerId: input.ownerId,
        startRequestId: input.startRequestId,
        runId: run.id,
      });
    }
    // The registration written before validation (registerStartRequest) now names its run.
    await recordStartRequestOutcome(transaction, {
      ownerId: input.ownerId,
      sessionId: input.sessionId,
      startRequestId: input.startRequestId,
      fingerprint: input.fingerprint,
      status: cancelledBeforeStart ? "cancelled" : "started",
      runId: run.id,
    });
    await createMessage(transaction, {
      sessionId: input.sessionId,
      runId: run.id,
      role: "user",
      parts: input.messageParts,
      position,
    });
    await touchSessionLastRun(transaction, input.sessionId);
    // The first question names a conversation that still has its default title.
    const title = deriveSessionTitle(questionText(input.messageParts));
    if (title) {
      await nameSessionIfUntitled(transaction, {
        sessionId: input.sessionId,
        defaultTitle: defaultSessionTitle,
        title,
      });
    }
    return { kind: cancelledBeforeStart ? ("cancelled" as const) : ("created" as const), run };
  });
}
