import { z } from "zod";

/** Marker that opens the memory block inside the system prompt. */
export const memoryOpenMarker = "<memory_context>";
/** Marker that closes the memory block inside the system prompt. */
export const memoryCloseMarker = "</memory_context>";

/** One injected record, labelled with its store (MEM-1), so an answer can name what it used. */
export const memoryBlockRecordSchema = z.object({
  memory_id: z.string(),
  store: z.enum(["profile", "memories", "session_context", "knowledge", "decisions"]),
  subject: z.string().nullable(),
  text: z.string(),
});

/** A record of the memory block. */
export type MemoryBlockRecord = z.infer<typeof memoryBlockRecordSchema>;

const blockSchema = z.object({ records: z.array(memoryBlockRecordSchema) });

const guidance = `Saved memory of this user, each record labelled with its store and id. profile: stable preferences for how to present work — follow them. memories: facts the user stated. session_context: the current task's goal and progress. knowledge: experience from earlier runs, not results of this run — verify with tools. When an answer follows a record, say which one (store and id).`;

/** The memory records as a system-prompt block; `<` escaped so a record cannot close it early. */
export function renderMemoryBlock(input: { records: MemoryBlockRecord[] }): string {
  const json = JSON.stringify({ records: input.records }, null, 1).replace(/</g, "\\u003c");
  return `${guidance}\n${memoryOpenMarker}\n${json}\n${memoryCloseMarker}`;
}

/** The memory records found in the system text (none when there is no valid block). */
export function parseMemoryBlock(input: { systemText: string }): MemoryBlockRecord[] {
  const start = input.systemText.lastIndexOf(memoryOpenMarker);
  if (start < 0) return [];
  const end = input.systemText.indexOf(memoryCloseMarker, start);
  if (end < 0) return [];
  try {
    const parsed = blockSchema.safeParse(
      JSON.parse(input.systemText.slice(start + memoryOpenMarker.length, end)),
    );
    return parsed.success ? parsed.data.records : [];
  } catch {
    return [];
  }
}
