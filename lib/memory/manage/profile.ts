import "server-only";
import type { Profile } from "@/lib/contracts/memory";
import { listLiveMemories } from "@/lib/db/queries/memory-reads";
import { deleteMemoryRecords } from "@/lib/db/queries/memory-records";
import { getEnv } from "@/lib/env";
import { preferenceTopic } from "@/lib/memory/extraction/memory-subject";
import { saveManualMemory } from "@/lib/memory/save-manual-memory";

/** The owner's profile: the live preferences (superseded ones are history, not profile). */
export async function getProfile(input: { ownerId: string }): Promise<Profile> {
  const rows = await listLiveMemories({ ownerId: input.ownerId, kind: "preference" });
  return {
    preferences: rows.map((row) => ({
      memory_id: row.id,
      text: row.text,
      subject: row.subject,
      source_run_id: row.sourceRunId,
      updated_at: row.createdAt.toISOString(),
    })),
  };
}

/**
 * Replaces the profile with the edited list (MEM-5): a kept id with new text supersedes the old
 * entry (kept as history), an entry without id is added, a missing id is deleted.
 */
export async function updateProfile(input: {
  ownerId: string;
  preferences: { memory_id?: string; text: string }[];
}): Promise<Profile> {
  const current = await listLiveMemories({ ownerId: input.ownerId, kind: "preference" });
  const byId = new Map(current.map((row) => [row.id, row]));
  const kept = new Set<string>();
  const max = getEnv().MEMORY_STORE_MAX_RECORDS;
  for (const entry of input.preferences) {
    const existing = entry.memory_id ? byId.get(entry.memory_id) : undefined;
    if (existing) {
      kept.add(existing.id);
      if (existing.text === entry.text) continue;
    }
    await saveManualMemory({
      ownerId: input.ownerId,
      memory: {
        kind: "preference",
        text: entry.text,
        subject: existing?.subject ?? preferenceTopic({ text: entry.text }),
        origin: "manual",
      },
      supersedes: existing?.id,
      maxPerStore: max,
    });
  }
  const removed = current.filter((row) => !kept.has(row.id)).map((row) => row.id);
  if (removed.length > 0) await deleteMemoryRecords({ ownerId: input.ownerId, ids: removed });
  return getProfile({ ownerId: input.ownerId });
}
