import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { getDb } from "./client";

declare const transactionBrand: unique symbol;

/**
 * A database transaction in progress. Opaque outside lib/db: a workflow (lib/runs, lib/memory)
 * only hands it to the lib/db reads and writes it calls, so every one of them lands in the same
 * transaction, and no query is written outside lib/db.
 */
export type Transaction = { readonly [transactionBrand]: "Transaction" };

/** A JSON value as a column stores it (options, message parts). */
export type JsonInput = Prisma.InputJsonValue;

/**
 * Runs `work` in one interactive transaction with the client's default options: everything it
 * writes commits together or not at all.
 */
export async function inTransaction<T>(work: (transaction: Transaction) => Promise<T>): Promise<T> {
  const db = await getDb();
  return db.$transaction((client) => work(client as unknown as Transaction));
}
