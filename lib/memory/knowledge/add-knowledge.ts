import {
  hasKnowledgeText,
  insertKnowledgeRow,
  type KnowledgeWrite,
} from "@/lib/db/queries/memory-writes";
import { inTransaction, type Transaction } from "@/lib/db/transaction";
import { enforceStoreLimits } from "../enforce-store-limits";

/** Adds one knowledge item unless the owner has it already; answers its id, or null. */
export async function addKnowledge(
  transaction: Transaction,
  input: {
    ownerId: string;
    runId: string | null;
    item: KnowledgeWrite;
    writeHnsw: boolean;
  },
): Promise<string | null> {
  // Learned experience a person discarded is not proposed again by the next run like it; a
  // person adding the same text by hand still may.
  const duplicate = await hasKnowledgeText(transaction, {
    ownerId: input.ownerId,
    text: input.item.text,
    statuses: input.runId ? ["active", "proposed", "discarded"] : ["active", "proposed"],
  });
  if (duplicate) return null;
  return insertKnowledgeRow(transaction, input);
}

/** Adds a knowledge item outside a run (by hand, MEM-2). */
export async function insertKnowledgeItem(input: {
  ownerId: string;
  item: KnowledgeWrite;
  writeHnsw: boolean;
  maxPerStore: number;
}): Promise<string | null> {
  return inTransaction(async (transaction) => {
    const id = await addKnowledge(transaction, { ...input, runId: null });
    await enforceStoreLimits(transaction, { ownerId: input.ownerId, max: input.maxPerStore });
    return id;
  });
}
