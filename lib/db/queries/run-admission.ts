import type { Prisma } from "@/generated/prisma/client";
import { liveRunStatuses, stopAskedCancelStatuses } from "@/lib/contracts/run-status";
import { decideAdmission } from "@/lib/runs/decide-admission";
import { getDb } from "../client";
import { hasStartCancelIntent } from "./cancel-intents";
import { lockSession, lockStartRequest } from "./session-lock";

/** Runs whose state keeps the session from accepting a new message (RC-2, PS-3): `isRunBusy`. */
const busyRunFilter = {
  OR: [
    { runStatus: { in: [...liveRunStatuses] } },
    { terminalPersisted: false },
    { cancelStatus: { in: [...stopAskedCancelStatuses] } },
  ],
} satisfies Prisma.RunWhereInput;

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
  options: Prisma.InputJsonValue;
  attachments: string[];
  modelName: string;
  messageParts: Prisma.InputJsonValue;
  executorId: string;
  /** Edit latest turn: the session's latest finished run this one replaces. */
  replacesRunId?: string;
}) {
  const db = await getDb();
  return db.$transaction(async (transaction) => {
    // Start lock first, then the session lock: the same order as a cancel by start_request_id.
    await lockStartRequest(transaction, input.ownerId, input.startRequestId);
    await lockSession(transaction, input.ownerId, input.sessionId);
    const existing = await transaction.run.findUnique({
      where: {
        sessionId_startRequestId: {
          sessionId: input.sessionId,
          startRequestId: input.startRequestId,
        },
      },
      select: { id: true, requestFingerprint: true, executionGeneration: true },
    });
    const control = { id: true, runStatus: true, terminalPersisted: true } as const;
    const rows = {
      existing,
      cancelledBeforeStart: await hasStartCancelIntent(transaction, input),
      busy: await transaction.run.findFirst({
        where: { sessionId: input.sessionId, ...busyRunFilter },
        select: control,
      }),
      latest: input.replacesRunId
        ? await transaction.run.findFirst({
            where: { sessionId: input.sessionId },
            orderBy: { createdAt: "desc" },
            select: control,
          })
        : null,
    };
    const decision = decideAdmission({ rows, request: input });
    if (decision.kind !== "create") return decision;
    // A cancel sent before this start (RC-3) wins: the run is recorded as cancelled, nothing runs.
    const cancelledBeforeStart = decision.cancelled;
    const last = await transaction.message.aggregate({
      where: { sessionId: input.sessionId },
      _max: { position: true },
    });
    const run = await transaction.run.create({
      data: {
        sessionId: input.sessionId,
        ownerId: input.ownerId,
        projectId: input.projectId,
        startRequestId: input.startRequestId,
        requestFingerprint: input.fingerprint,
        options: input.options,
        attachments: input.attachments,
        modelName: input.modelName,
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
      },
      select: { id: true, executionGeneration: true },
    });
    if (cancelledBeforeStart) {
      await transaction.cancelIntent.updateMany({
        where: { ownerId: input.ownerId, startRequestId: input.startRequestId },
        data: { status: "confirmed", confirmedAt: new Date(), evidence: { run_id: run.id } },
      });
    }
    // The registration written before validation (registerStartRequest) now names its run.
    const registration = {
      fingerprint: input.fingerprint,
      status: cancelledBeforeStart ? ("cancelled" as const) : ("started" as const),
      runId: run.id,
    };
    await transaction.runStartRequest.upsert({
      where: {
        sessionId_startRequestId: {
          sessionId: input.sessionId,
          startRequestId: input.startRequestId,
        },
      },
      create: {
        ownerId: input.ownerId,
        sessionId: input.sessionId,
        startRequestId: input.startRequestId,
        ...registration,
      },
      update: registration,
    });
    await transaction.message.create({
      data: {
        sessionId: input.sessionId,
        runId: run.id,
        role: "user",
        parts: input.messageParts,
        position: (last._max.position ?? -1) + 1,
      },
    });
    await transaction.session.update({
      where: { id: input.sessionId },
      data: { lastRunAt: new Date() },
    });
    return { kind: cancelledBeforeStart ? ("cancelled" as const) : ("created" as const), run };
  });
}
