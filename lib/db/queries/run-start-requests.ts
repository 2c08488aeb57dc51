import "server-only";
import { getDb } from "../client";
import type { Transaction } from "../transaction";
import { asTransaction, transactionClient } from "../transaction-client";
import { lockStartRequest } from "./session-lock";

/**
 * Registers a start request with its fingerprint before anything about it is checked (RC-2),
 * under the start lock (the one admission and a cancel by start_request_id take). Answers the
 * run this start_request_id already made in the session, if any — the caller then decides the
 * retry from that alone. Otherwise the registration row is (re)written with this attempt's
 * fingerprint as `registered`: an attempt that made no run (refused, or never finished) binds
 * nothing, so a corrected retry under the same id is a first start.
 */
export async function registerStartRequest(input: {
  ownerId: string;
  sessionId: string;
  startRequestId: string;
  fingerprint: string;
}) {
  const db = await getDb();
  return db.$transaction(async (transaction) => {
    await lockStartRequest(asTransaction(transaction), input.ownerId, input.startRequestId);
    const key = { sessionId: input.sessionId, startRequestId: input.startRequestId };
    const existing = await transaction.run.findUnique({
      where: { sessionId_startRequestId: key },
      select: { id: true, requestFingerprint: true, executionGeneration: true },
    });
    if (existing) return { existing };
    await transaction.runStartRequest.upsert({
      where: { sessionId_startRequestId: key },
      create: { ...key, ownerId: input.ownerId, fingerprint: input.fingerprint },
      update: { fingerprint: input.fingerprint, status: "registered", runId: null },
    });
    return { existing: null };
  });
}

/**
 * Marks this attempt's registration refused (it made no run): validation or admission said no.
 * Only the attempt's own row is touched — a concurrent attempt that made a run keeps its row.
 */
export async function refuseStartRequest(input: {
  sessionId: string;
  startRequestId: string;
  fingerprint: string;
}) {
  const db = await getDb();
  await db.runStartRequest.updateMany({
    where: {
      sessionId: input.sessionId,
      startRequestId: input.startRequestId,
      fingerprint: input.fingerprint,
      runId: null,
    },
    data: { status: "refused" },
  });
}

/** Names the run an admitted start made (or says it was cancelled before it ran). */
export async function recordStartRequestOutcome(
  transaction: Transaction,
  input: {
    ownerId: string;
    sessionId: string;
    startRequestId: string;
    fingerprint: string;
    status: "started" | "cancelled";
    runId: string;
  },
): Promise<void> {
  const registration = { fingerprint: input.fingerprint, status: input.status, runId: input.runId };
  await transactionClient(transaction).runStartRequest.upsert({
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
}
