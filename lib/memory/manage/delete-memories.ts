import "server-only";
import { deleteMemoryRecords } from "@/lib/db/queries/memory-records";
import { NotFoundError } from "@/lib/errors/http-errors";

/** Deletes one record of any store; a foreign or unknown id is NOT_FOUND and deletes nothing. */
export async function deleteMemory(input: { ownerId: string; memoryId: string }): Promise<void> {
  const deleted = await deleteMemoryRecords({ ownerId: input.ownerId, ids: [input.memoryId] });
  if (deleted.length === 0) throw new NotFoundError("Memory", { memory_id: input.memoryId });
}

/** Deletes several records; answers which were deleted (only the owner's ever are). */
export async function deleteMemories(input: { ownerId: string; memoryIds: string[] }) {
  const deleted = await deleteMemoryRecords({ ownerId: input.ownerId, ids: input.memoryIds });
  return {
    deleted,
    not_found: input.memoryIds.filter((id) => !deleted.includes(id)),
  };
}
