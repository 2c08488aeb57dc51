import "server-only";
import { randomUUID } from "node:crypto";
import type { MemoryKind } from "@/generated/prisma/client";
import type { Transaction } from "../transaction";
import { transactionClient } from "../transaction-client";
import { writeHnswEmbedding } from "./knowledge-search";

// Plain writes of the memory stores inside a caller's transaction. What is saved, superseded or
// evicted is decided in lib/memory (save-memory.ts, save-learned-records.ts,
// enforce-store-limits.ts, knowledge/add-knowledge.ts).

/** A memory to save: a profile preference or a fact. */
export type MemoryWrite = {
  kind: MemoryKind;
  text: string;
  subject: string | null;
  origin: string;
};

/** A knowledge item to save, with its embedding when one was made. */
export type KnowledgeWrite = {
  text: string;
  searchText: string;
  embedding: Float32Array | null;
  embeddingModel: string | null;
  status: "active" | "proposed";
  tags: string[];
};

/** The owner's live (not superseded) memories of one kind. */
export async function listActiveMemories(
  transaction: Transaction,
  input: { ownerId: string; kind: MemoryKind },
) {
  return transactionClient(transaction).memory.findMany({
    where: { ownerId: input.ownerId, kind: input.kind, supersededAt: null },
    select: { id: true, text: true, subject: true },
  });
}

/** Saves one memory row. */
export async function createMemory(
  transaction: Transaction,
  input: { id: string; ownerId: string; runId: string | null; memory: MemoryWrite },
): Promise<void> {
  await transactionClient(transaction).memory.create({
    data: {
      id: input.id,
      ownerId: input.ownerId,
      kind: input.memory.kind,
      text: input.memory.text,
      subject: input.memory.subject,
      origin: input.memory.origin,
      sourceRunId: input.runId,
    },
  });
}

/** Marks memories superseded by another (kept as history). */
export async function supersedeMemories(
  transaction: Transaction,
  input: { ids: string[]; supersededById: string },
): Promise<void> {
  await transactionClient(transaction).memory.updateMany({
    where: { id: { in: input.ids } },
    data: { supersededAt: new Date(), supersededById: input.supersededById },
  });
}

/** Marks one live memory of the owner superseded by another. */
export async function supersedeOwnedMemory(
  transaction: Transaction,
  input: { id: string; ownerId: string; supersededById: string },
): Promise<void> {
  await transactionClient(transaction).memory.updateMany({
    where: { id: input.id, ownerId: input.ownerId, supersededAt: null },
    data: { supersededAt: new Date(), supersededById: input.supersededById },
  });
}

/** Whether the owner has a knowledge item with this text in one of these statuses. */
export async function hasKnowledgeText(
  transaction: Transaction,
  input: {
    ownerId: string;
    text: string;
    statuses: ("active" | "proposed" | "discarded")[];
  },
): Promise<boolean> {
  const duplicate = await transactionClient(transaction).knowledge.findFirst({
    where: { ownerId: input.ownerId, text: input.text, status: { in: input.statuses } },
    select: { id: true },
  });
  return duplicate !== null;
}

/** Inserts one knowledge item (and its HNSW vector when asked); answers its id. */
export async function insertKnowledgeRow(
  transaction: Transaction,
  input: { ownerId: string; runId: string | null; item: KnowledgeWrite; writeHnsw: boolean },
): Promise<string> {
  const { item } = input;
  const client = transactionClient(transaction);
  const id = randomUUID();
  const embedding = item.embedding ? Array.from(item.embedding) : [];
  await client.$executeRaw`
    INSERT INTO knowledge (id, "ownerId", text, "sourceRunId", embedding, "embeddingModel", status, tags, "searchVector")
    VALUES (${id}, ${input.ownerId}, ${item.text}, ${input.runId}, ${embedding}::real[],
            ${item.embeddingModel}, ${item.status}::"KnowledgeStatus", ${item.tags}::text[],
            to_tsvector('english', ${item.searchText}))`;
  if (item.embedding && input.writeHnsw) await writeHnswEmbedding(client, id, item.embedding);
  return id;
}

/** Saves one decision a run recorded. */
export async function createDecision(
  transaction: Transaction,
  input: { ownerId: string; sessionId: string; runId: string; choice: string; reason: string },
): Promise<void> {
  await transactionClient(transaction).decision.create({ data: input });
}

/**
 * The owner's memories of one kind past the first `keep`, in eviction order: superseded
 * history first, then the least used, then the oldest.
 */
export async function listMemoriesPastLimit(
  transaction: Transaction,
  input: { ownerId: string; kind: MemoryKind; keep: number },
) {
  return transactionClient(transaction).memory.findMany({
    where: { ownerId: input.ownerId, kind: input.kind },
    orderBy: [
      { supersededAt: { sort: "desc", nulls: "first" } },
      { useCount: "desc" },
      { createdAt: "desc" },
    ],
    skip: input.keep,
    select: { id: true, text: true, supersededAt: true },
  });
}

/** The owner's knowledge items past the first `keep`: the least used, then the oldest. */
export async function listKnowledgePastLimit(
  transaction: Transaction,
  input: { ownerId: string; keep: number },
) {
  return transactionClient(transaction).knowledge.findMany({
    where: { ownerId: input.ownerId },
    orderBy: [{ useCount: "desc" }, { createdAt: "desc" }],
    skip: input.keep,
    select: { id: true, text: true },
  });
}

/** The owner's decisions past the first `keep`, the oldest last kept. */
export async function listDecisionsPastLimit(
  transaction: Transaction,
  input: { ownerId: string; keep: number },
) {
  return transactionClient(transaction).decision.findMany({
    where: { ownerId: input.ownerId },
    orderBy: { createdAt: "desc" },
    skip: input.keep,
    select: { id: true, choice: true },
  });
}

/** Records why records left a store, then deletes them from their table. */
export async function evictRecords(
  transaction: Transaction,
  input: {
    ownerId: string;
    store: string;
    table: "memories" | "knowledge" | "decisions";
    records: { id: string; text: string; reason: string }[];
  },
): Promise<void> {
  const client = transactionClient(transaction);
  await client.memoryEviction.createMany({
    data: input.records.map((record) => ({
      ownerId: input.ownerId,
      store: input.store,
      recordId: record.id,
      text: record.text,
      reason: record.reason,
    })),
  });
  const ids = input.records.map((record) => record.id);
  if (input.table === "memories") await client.memory.deleteMany({ where: { id: { in: ids } } });
  if (input.table === "knowledge")
    await client.knowledge.deleteMany({ where: { id: { in: ids } } });
  if (input.table === "decisions") await client.decision.deleteMany({ where: { id: { in: ids } } });
}
