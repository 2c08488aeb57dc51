import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { Transaction } from "../transaction";
import { transactionClient } from "../transaction-client";

// Cancel intents (RC-3): plain reads and writes inside a caller's transaction. The cancel
// workflow that binds and applies them is lib/runs/cancel/record-cancel.ts.

/** The intent recorded under a cancel_request_id, if any. */
export async function findCancelIntent(transaction: Transaction, cancelRequestId: string) {
  return transactionClient(transaction).cancelIntent.findUnique({ where: { cancelRequestId } });
}

/** Records a new cancel intent with its one target. */
export async function createCancelIntent(
  transaction: Transaction,
  input: { ownerId: string; cancelRequestId: string; runId?: string; startRequestId?: string },
): Promise<void> {
  await transactionClient(transaction).cancelIntent.create({
    data: {
      cancelRequestId: input.cancelRequestId,
      ownerId: input.ownerId,
      runId: input.runId,
      startRequestId: input.startRequestId,
    },
  });
}

/** Confirms one intent with the runs it stopped as evidence. */
export async function confirmCancelIntent(
  transaction: Transaction,
  input: { cancelRequestId: string; evidence: { run_id: string; run_status: string }[] },
): Promise<void> {
  await transactionClient(transaction).cancelIntent.update({
    where: { cancelRequestId: input.cancelRequestId },
    data: {
      status: "confirmed",
      confirmedAt: new Date(),
      evidence: input.evidence as Prisma.InputJsonValue,
    },
  });
}

/** Confirms the intents sent by start_request_id before the run existed, naming the run. */
export async function confirmStartCancelIntents(
  transaction: Transaction,
  input: { ownerId: string; startRequestId: string; runId: string },
): Promise<void> {
  await transactionClient(transaction).cancelIntent.updateMany({
    where: { ownerId: input.ownerId, startRequestId: input.startRequestId },
    data: { status: "confirmed", confirmedAt: new Date(), evidence: { run_id: input.runId } },
  });
}

/**
 * Confirms every open cancel intent that reached this run (by its id or its start request) once
 * its stop is confirmed (RC-6). Called inside the transaction that writes `confirmed`.
 */
export async function confirmRunCancelIntents(
  transaction: Transaction,
  run: { ownerId: string; runId: string; startRequestId: string },
): Promise<void> {
  await transactionClient(transaction).cancelIntent.updateMany({
    where: {
      ownerId: run.ownerId,
      status: { not: "confirmed" },
      OR: [{ runId: run.runId }, { startRequestId: run.startRequestId }],
    },
    data: { status: "confirmed", confirmedAt: new Date() },
  });
}

/** Whether a cancel by this start_request_id was recorded (checked at admission). */
export async function hasStartCancelIntent(
  transaction: Transaction,
  input: { ownerId: string; startRequestId: string },
): Promise<boolean> {
  const intent = await transactionClient(transaction).cancelIntent.findFirst({
    where: { ownerId: input.ownerId, startRequestId: input.startRequestId },
    select: { id: true },
  });
  return intent !== null;
}
