import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import {
  liveRunStatuses,
  type RunStatus,
  stopAskedCancelStatuses,
} from "@/lib/contracts/run-status";
import { getDb } from "../client";
import type { JsonInput, Transaction } from "../transaction";
import { transactionClient } from "../transaction-client";

// Plain reads and writes of one run inside a caller's transaction: the admission, approval and
// cancel workflows (lib/runs) decide what they do, under the locks they took.

/** Runs whose state keeps the session from accepting a new message (RC-2, PS-3): `isRunBusy`. */
const busyRunFilter = {
  OR: [
    { runStatus: { in: [...liveRunStatuses] } },
    { terminalPersisted: false },
    { cancelStatus: { in: [...stopAskedCancelStatuses] } },
  ],
} satisfies Prisma.RunWhereInput;

const controlSelect = { id: true, runStatus: true, terminalPersisted: true } as const;

/** The run a start_request_id already made in the session, if any. */
export async function findRunByStartRequest(
  transaction: Transaction,
  input: { sessionId: string; startRequestId: string },
) {
  return transactionClient(transaction).run.findUnique({
    where: {
      sessionId_startRequestId: {
        sessionId: input.sessionId,
        startRequestId: input.startRequestId,
      },
    },
    select: { id: true, requestFingerprint: true, executionGeneration: true },
  });
}

/** A run of the session that keeps it busy (RC-2, PS-3), if any. */
export async function findBusyRun(transaction: Transaction, sessionId: string) {
  return transactionClient(transaction).run.findFirst({
    where: { sessionId, ...busyRunFilter },
    select: controlSelect,
  });
}

/** The session's latest run, if any. */
export async function findLatestRun(transaction: Transaction, sessionId: string) {
  return transactionClient(transaction).run.findFirst({
    where: { sessionId },
    orderBy: { createdAt: "desc" },
    select: controlSelect,
  });
}

/** Creates a run row as admission decided it. */
export async function createRun(
  transaction: Transaction,
  data: {
    sessionId: string;
    ownerId: string;
    projectId: string;
    startRequestId: string;
    requestFingerprint: string;
    options: JsonInput;
    attachments: string[];
    modelName: string;
    /** The budget in force for the run. */
    budget?: JsonInput;
    replacesRunId?: string;
    executorId: string;
    heartbeatAt: Date;
    runStatus: RunStatus;
    cancelStatus?: "confirmed";
    executionStopped?: boolean;
    terminalPersisted?: boolean;
    finishedAt?: Date;
  },
) {
  return transactionClient(transaction).run.create({
    data,
    select: { id: true, executionGeneration: true },
  });
}

/** The session of a run the owner has, or null. */
export async function findOwnedRunSession(
  transaction: Transaction,
  input: { runId: string; ownerId: string },
) {
  return transactionClient(transaction).run.findFirst({
    where: { id: input.runId, ownerId: input.ownerId },
    select: { sessionId: true },
  });
}

/** The runs a start_request_id made (one per session it was sent to), oldest first. */
export async function findRunsByStartRequest(
  transaction: Transaction,
  input: { ownerId: string; startRequestId: string },
) {
  return transactionClient(transaction).run.findMany({
    where: { ownerId: input.ownerId, startRequestId: input.startRequestId },
    select: { id: true, sessionId: true },
    orderBy: { createdAt: "asc" },
  });
}

/** What an approval decision is judged against (AP-3). */
export async function readRunForApproval(transaction: Transaction, runId: string) {
  return transactionClient(transaction).run.findUniqueOrThrow({
    where: { id: runId },
    select: {
      runStatus: true,
      executionGeneration: true,
      executionStopped: true,
      terminalPersisted: true,
      lastEventSeq: true,
      checkpoint: true,
    },
  });
}

/** Opens the run's next execution generation (AP-4): it prepares again under this executor. */
export async function openNextExecutionGeneration(
  transaction: Transaction,
  input: { runId: string; executorId: string; now: Date },
) {
  return transactionClient(transaction).run.update({
    where: { id: input.runId },
    data: {
      runStatus: "preparing",
      executionGeneration: { increment: 1 },
      executionStopped: false,
      terminalPersisted: false,
      executorId: input.executorId,
      heartbeatAt: input.now,
      revision: { increment: 1 },
    },
    select: { executionGeneration: true },
  });
}

/** What a cancel is judged against (RC-3, RC-5). */
export async function readRunCancelState(transaction: Transaction, runId: string) {
  return transactionClient(transaction).run.findUniqueOrThrow({
    where: { id: runId },
    select: {
      runStatus: true,
      cancelStatus: true,
      executionStopped: true,
      terminalPersisted: true,
    },
  });
}

/** Whether a stop was asked for the run, or null when it is gone. */
export async function findRunStopState(transaction: Transaction, runId: string) {
  return transactionClient(transaction).run.findUnique({
    where: { id: runId },
    select: { cancelStatus: true, executionStopped: true },
  });
}

/** Writes the stop asked for a live run. */
export async function setRunCancelStatus(
  transaction: Transaction,
  input: { runId: string; cancelStatus: "requested" | "stopping" },
): Promise<void> {
  await transactionClient(transaction).run.update({
    where: { id: input.runId },
    data: { cancelStatus: input.cancelStatus, revision: { increment: 1 } },
  });
}

/** Saves a run as cancelled, its stop confirmed. */
export async function saveRunCancelled(
  transaction: Transaction,
  input: { runId: string; now: Date },
): Promise<void> {
  await transactionClient(transaction).run.update({
    where: { id: input.runId },
    data: {
      runStatus: "cancelled",
      cancelStatus: "confirmed",
      finishedAt: input.now,
      revision: { increment: 1 },
    },
  });
}

/** After the executor was signalled: `requested` → `stopping` (unless it already confirmed). */
export async function markRunStopping(runId: string): Promise<void> {
  const db = await getDb();
  await db.run.updateMany({
    where: { id: runId, cancelStatus: "requested" },
    data: { cancelStatus: "stopping", revision: { increment: 1 } },
  });
}
