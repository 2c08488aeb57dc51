import "server-only";
import { inTransaction, type Transaction } from "../transaction";
import { transactionClient } from "../transaction-client";

/**
 * Serialises the state changes of one user's session (PS-1): admission, approval decisions,
 * cancels and final-state merges take this transaction-scoped advisory lock first.
 */
export async function lockSession(
  transaction: Transaction,
  ownerId: string,
  sessionId: string,
): Promise<void> {
  await transactionClient(transaction)
    .$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`session:${ownerId}:${sessionId}`}))`;
}

/**
 * Serialises a start and a cancel that name the same start_request_id (RC-3), taken before the
 * session lock wherever both are needed, so the two never wait on each other in a cycle.
 */
export async function lockStartRequest(
  transaction: Transaction,
  ownerId: string,
  startRequestId: string,
): Promise<void> {
  await transactionClient(transaction)
    .$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`start:${ownerId}:${startRequestId}`}))`;
}

/** Runs `work` in one transaction that takes the session lock first (PS-1). */
export async function withSessionLock<T>(
  session: { ownerId: string; sessionId: string },
  work: (transaction: Transaction) => Promise<T>,
): Promise<T> {
  return inTransaction(async (transaction) => {
    await lockSession(transaction, session.ownerId, session.sessionId);
    return work(transaction);
  });
}
