import "server-only";
import type { MemoryList, MemoryRecord, MemoryStore } from "@/lib/contracts/memory";
import {
  listDecisionRows,
  listEvictions,
  listKnowledgeRows,
  listMemoryRows,
  listSessionContextRows,
} from "@/lib/db/queries/memory-records";
import { describeSessionProgress } from "@/lib/memory/context/describe-session-progress";

/**
 * The memory manager's list (MEM-5): the owner's records of every store (or one), text-searched
 * with `q`, newest first, one page at a time. Record management, not the vector search.
 */
export async function listMemories(input: {
  ownerId: string;
  q?: string;
  store?: MemoryStore;
  kind?: string;
  includeSuperseded: boolean;
  page: number;
  pageSize: number;
}): Promise<MemoryList> {
  const { ownerId, q } = input;
  const wanted = (store: MemoryStore) => !input.store || input.store === store;
  const records: MemoryRecord[] = [];
  for (const [store, kind] of [
    ["profile", "preference"],
    ["memories", "fact"],
  ] as const) {
    if (!wanted(store)) continue;
    const rows = await listMemoryRows({
      ownerId,
      kind,
      q,
      includeSuperseded: input.includeSuperseded,
    });
    records.push(
      ...rows.map((row) => ({
        memory_id: row.id,
        store,
        kind: row.kind,
        text: row.text,
        subject: row.subject,
        source_run_id: row.sourceRunId,
        session_id: row.sourceRun?.sessionId ?? null,
        origin: row.origin,
        superseded: row.supersededAt !== null,
        use_count: row.useCount,
        created_at: row.createdAt.toISOString(),
      })),
    );
  }
  if (wanted("session_context")) {
    for (const row of await listSessionContextRows({ ownerId, q })) {
      const progress = row.progress as { run_id?: string } | null;
      records.push({
        memory_id: row.sessionId,
        store: "session_context",
        kind: null,
        text: describeSessionProgress({ goal: row.goal, progress: row.progress }),
        subject: row.session.title,
        source_run_id: progress?.run_id ?? null,
        session_id: row.sessionId,
        origin: "runtime",
        superseded: false,
        use_count: 0,
        created_at: row.updatedAt.toISOString(),
      });
    }
  }
  if (wanted("knowledge")) {
    const rows = await listKnowledgeRows({ ownerId, statuses: ["active", "proposed"], q });
    records.push(
      ...rows.map((row) => ({
        memory_id: row.id,
        store: "knowledge" as const,
        kind: row.status,
        text: row.text,
        subject: row.tags.join(", ") || null,
        source_run_id: row.sourceRunId,
        session_id: row.sourceRun?.sessionId ?? null,
        origin: row.sourceRunId ? "learned" : "manual",
        superseded: false,
        use_count: row.useCount,
        created_at: row.createdAt.toISOString(),
      })),
    );
  }
  if (wanted("decisions")) {
    for (const row of await listDecisionRows({ ownerId, q })) {
      records.push({
        memory_id: row.id,
        store: "decisions",
        kind: null,
        text: `${row.choice} — ${row.reason}`,
        subject: null,
        source_run_id: row.runId,
        session_id: row.sessionId,
        origin: "runtime",
        superseded: false,
        use_count: 0,
        created_at: row.createdAt.toISOString(),
      });
    }
  }
  const filtered = input.kind ? records.filter((record) => record.kind === input.kind) : records;
  filtered.sort((a, b) => b.created_at.localeCompare(a.created_at));
  const start = (input.page - 1) * input.pageSize;
  const evictions = await listEvictions({ ownerId, take: 20 });
  return {
    records: filtered.slice(start, start + input.pageSize),
    page: input.page,
    page_size: input.pageSize,
    total: filtered.length,
    evictions: evictions.map((row) => ({
      store: row.store,
      record_id: row.recordId,
      text: row.text,
      reason: row.reason,
    })),
  };
}
