import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { Transaction } from "./transaction";

// Only lib/db sees through the opaque Transaction: the queries that take one read and write
// through its Prisma client.

/** The Prisma client of a transaction a workflow handed in. */
export function transactionClient(transaction: Transaction): Prisma.TransactionClient {
  return transaction as unknown as Prisma.TransactionClient;
}

/** A Prisma transaction lib/db opened itself, to pass to a query that takes a Transaction. */
export function asTransaction(client: Prisma.TransactionClient): Transaction {
  return client as unknown as Transaction;
}
