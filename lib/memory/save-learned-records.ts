import { isStopAsked } from "@/lib/contracts/run-status";
import {
  createDecision,
  type KnowledgeWrite,
  type MemoryWrite,
} from "@/lib/db/queries/memory-writes";
import { findRunStopState } from "@/lib/db/queries/run-records";
import { withSessionLock } from "@/lib/db/queries/session-lock";
import { enforceStoreLimits } from "./enforce-store-limits";
import { addKnowledge } from "./knowledge/add-knowledge";
import { saveMemory } from "./save-memory";

/** What one completed run learned, written in one transaction or not at all (MEM-4). */
export type LearnedRecords = {
  memories: MemoryWrite[];
  knowledge: KnowledgeWrite[];
  decisions: { choice: string; reason: string }[];
};

/**
 * Writes a run's learned records after checking, under the session lock a cancel takes, that the
 * run was not stopped: a write that arrives after a Stop is dropped whole (MEM-4). Returns false
 * when it was dropped.
 */
export async function saveLearnedRecords(input: {
  ownerId: string;
  sessionId: string;
  runId: string;
  records: LearnedRecords;
  maxPerStore: number;
  /** The pgvector column is written too (HNSW backend). */
  writeHnsw: boolean;
}): Promise<{ saved: boolean; memoryIds: string[]; knowledgeIds: string[] }> {
  return withSessionLock(input, async (transaction) => {
    const run = await findRunStopState(transaction, input.runId);
    if (!run || isStopAsked(run.cancelStatus)) {
      return { saved: false, memoryIds: [], knowledgeIds: [] };
    }
    const memoryIds: string[] = [];
    for (const memory of input.records.memories) {
      const id = await saveMemory(transaction, {
        ownerId: input.ownerId,
        runId: input.runId,
        memory,
      });
      if (id) memoryIds.push(id);
    }
    const knowledgeIds: string[] = [];
    for (const item of input.records.knowledge) {
      const id = await addKnowledge(transaction, {
        ownerId: input.ownerId,
        runId: input.runId,
        item,
        writeHnsw: input.writeHnsw,
      });
      if (id) knowledgeIds.push(id);
    }
    for (const decision of input.records.decisions) {
      await createDecision(transaction, {
        ownerId: input.ownerId,
        sessionId: input.sessionId,
        runId: input.runId,
        ...decision,
      });
    }
    await enforceStoreLimits(transaction, { ownerId: input.ownerId, max: input.maxPerStore });
    return { saved: true, memoryIds, knowledgeIds };
  });
}
