import { randomUUID } from "node:crypto";
import {
  createMemory,
  listActiveMemories,
  type MemoryWrite,
  supersedeMemories,
} from "@/lib/db/queries/memory-writes";
import type { Transaction } from "@/lib/db/transaction";

/**
 * Saves one memory: the same text again only refreshes nothing (no pile-up); a record on the
 * same subject is superseded — kept as history, never injected again (MEM-3).
 */
export async function saveMemory(
  transaction: Transaction,
  input: { ownerId: string; runId: string | null; memory: MemoryWrite },
): Promise<string | null> {
  const { memory } = input;
  const active = await listActiveMemories(transaction, {
    ownerId: input.ownerId,
    kind: memory.kind,
  });
  if (active.some((row) => sameText(row.text, memory.text))) return null;
  const id = randomUUID();
  await createMemory(transaction, { id, ownerId: input.ownerId, runId: input.runId, memory });
  const superseded = memory.subject
    ? active.filter((row) => row.subject === memory.subject).map((row) => row.id)
    : [];
  if (superseded.length > 0) {
    await supersedeMemories(transaction, { ids: superseded, supersededById: id });
  }
  return id;
}

function sameText(a: string, b: string): boolean {
  const normal = (text: string) =>
    text
      .toLowerCase()
      .replace(/[\s.。!！]+/g, " ")
      .trim();
  return normal(a) === normal(b);
}
