import {
  evictRecords,
  listDecisionsPastLimit,
  listKnowledgePastLimit,
  listMemoriesPastLimit,
} from "@/lib/db/queries/memory-writes";
import type { Transaction } from "@/lib/db/transaction";

type EvictedRow = { id: string; text: string; supersededAt?: Date | null };

/**
 * Each store keeps at most `max` live records per user; past it the least used, then oldest,
 * goes, and the eviction is recorded (MEM-3). Superseded history counts against the same limit
 * so it cannot grow without bound either. Runs inside the transaction that wrote the records.
 */
export async function enforceStoreLimits(
  transaction: Transaction,
  input: { ownerId: string; max: number },
): Promise<void> {
  const stores = [
    { store: "profile", kind: "preference" as const },
    { store: "memories", kind: "fact" as const },
  ];
  for (const { store, kind } of stores) {
    const excess = await listMemoriesPastLimit(transaction, {
      ownerId: input.ownerId,
      kind,
      keep: input.max,
    });
    await evict(transaction, input.ownerId, store, excess, "memories");
  }
  const knowledge = await listKnowledgePastLimit(transaction, {
    ownerId: input.ownerId,
    keep: input.max,
  });
  await evict(transaction, input.ownerId, "knowledge", knowledge, "knowledge");
  const decisions = await listDecisionsPastLimit(transaction, {
    ownerId: input.ownerId,
    keep: input.max,
  });
  await evict(
    transaction,
    input.ownerId,
    "decisions",
    decisions.map((row) => ({ id: row.id, text: row.choice })),
    "decisions",
  );
}

async function evict(
  transaction: Transaction,
  ownerId: string,
  store: string,
  rows: EvictedRow[],
  table: "memories" | "knowledge" | "decisions",
) {
  if (rows.length === 0) return;
  await evictRecords(transaction, {
    ownerId,
    store,
    table,
    records: rows.map((row) => ({
      id: row.id,
      text: row.text.slice(0, 300),
      reason: row.supersededAt
        ? "superseded history past the store limit"
        : "least used, oldest past the store limit",
    })),
  });
}
