import { type MemoryWrite, supersedeOwnedMemory } from "@/lib/db/queries/memory-writes";
import { inTransaction } from "@/lib/db/transaction";
import { enforceStoreLimits } from "./enforce-store-limits";
import { saveMemory } from "./save-memory";

/** Saves a memory outside a run (the profile editor), with the same supersede rule. */
export async function saveManualMemory(input: {
  ownerId: string;
  memory: MemoryWrite;
  supersedes?: string;
  maxPerStore: number;
}): Promise<string | null> {
  return inTransaction(async (transaction) => {
    const id = await saveMemory(transaction, {
      ownerId: input.ownerId,
      runId: null,
      memory: input.memory,
    });
    if (id && input.supersedes) {
      await supersedeOwnedMemory(transaction, {
        id: input.supersedes,
        ownerId: input.ownerId,
        supersededById: id,
      });
    }
    await enforceStoreLimits(transaction, { ownerId: input.ownerId, max: input.maxPerStore });
    return id;
  });
}
