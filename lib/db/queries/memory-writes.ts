import { randomUUID } from "node:crypto";
import type { MemoryKind, Prisma } from "@/generated/prisma/client";
import { isStopAsked } from "@/lib/contracts/run-status";
import { getDb } from "../client";
import { writeHnswEmbedding } from "./knowledge-search";
import { lockSession } from "./session-lock";

type Transaction = Prisma.TransactionClient;

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
  const db = await getDb();
  return db.$transaction(async (tx) => {
    await lockSession(tx, input.ownerId, input.sessionId);
    const run = await tx.run.findUnique({
      where: { id: input.runId },
      select: { cancelStatus: true, executionStopped: true },
    });
    if (!run || isStopAsked(run.cancelStatus)) {
      return { saved: false, memoryIds: [], knowledgeIds: [] };
    }
    const memoryIds: string[] = [];
    for (const memory of input.records.memories) {
      const id = await saveMemory(tx, { ownerId: input.ownerId, runId: input.runId, memory });
      if (id) memoryIds.push(id);
    }
    const knowledgeIds: string[] = [];
    for (const item of input.records.knowledge) {
      const id = await insertKnowledge(tx, {
        ownerId: input.ownerId,
        runId: input.runId,
        item,
        writeHnsw: input.writeHnsw,
      });
      if (id) knowledgeIds.push(id);
    }
    for (const decision of input.records.decisions) {
      await tx.decision.create({
        data: {
          ownerId: input.ownerId,
          sessionId: input.sessionId,
          runId: input.runId,
          ...decision,
        },
      });
    }
    await enforceStoreLimits(tx, { ownerId: input.ownerId, max: input.maxPerStore });
    return { saved: true, memoryIds, knowledgeIds };
  });
}

/**
 * Saves one memory: the same text again only refreshes nothing (no pile-up); a record on the
 * same subject is superseded — kept as history, never injected again (MEM-3).
 */
export async function saveMemory(
  tx: Transaction,
  input: { ownerId: string; runId: string | null; memory: MemoryWrite },
): Promise<string | null> {
  const { memory } = input;
  const active = await tx.memory.findMany({
    where: { ownerId: input.ownerId, kind: memory.kind, supersededAt: null },
    select: { id: true, text: true, subject: true },
  });
  if (active.some((row) => sameText(row.text, memory.text))) return null;
  const id = randomUUID();
  await tx.memory.create({
    data: {
      id,
      ownerId: input.ownerId,
      kind: memory.kind,
      text: memory.text,
      subject: memory.subject,
      origin: memory.origin,
      sourceRunId: input.runId,
    },
  });
  const superseded = memory.subject
    ? active.filter((row) => row.subject === memory.subject).map((row) => row.id)
    : [];
  if (superseded.length > 0) {
    await tx.memory.updateMany({
      where: { id: { in: superseded } },
      data: { supersededAt: new Date(), supersededById: id },
    });
  }
  return id;
}

async function insertKnowledge(
  tx: Transaction,
  input: {
    ownerId: string;
    runId: string | null;
    item: KnowledgeWrite;
    writeHnsw: boolean;
  },
): Promise<string | null> {
  const { item } = input;
  // Learned experience a person discarded is not proposed again by the next run like it; a
  // person adding the same text by hand still may.
  const duplicate = await tx.knowledge.findFirst({
    where: {
      ownerId: input.ownerId,
      text: item.text,
      status: { in: input.runId ? ["active", "proposed", "discarded"] : ["active", "proposed"] },
    },
    select: { id: true },
  });
  if (duplicate) return null;
  const id = randomUUID();
  const embedding = item.embedding ? Array.from(item.embedding) : [];
  await tx.$executeRaw`
    INSERT INTO knowledge (id, "ownerId", text, "sourceRunId", embedding, "embeddingModel", status, tags, "searchVector")
    VALUES (${id}, ${input.ownerId}, ${item.text}, ${input.runId}, ${embedding}::real[],
            ${item.embeddingModel}, ${item.status}::"KnowledgeStatus", ${item.tags}::text[],
            to_tsvector('english', ${item.searchText}))`;
  if (item.embedding && input.writeHnsw) await writeHnswEmbedding(tx, id, item.embedding);
  return id;
}

/** Adds a knowledge item outside a run (by hand, MEM-2). */
export async function insertKnowledgeItem(input: {
  ownerId: string;
  item: KnowledgeWrite;
  writeHnsw: boolean;
  maxPerStore: number;
}): Promise<string | null> {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const id = await insertKnowledge(tx, { ...input, runId: null });
    await enforceStoreLimits(tx, { ownerId: input.ownerId, max: input.maxPerStore });
    return id;
  });
}

/** Saves a memory outside a run (the profile editor), with the same supersede rule. */
export async function saveManualMemory(input: {
  ownerId: string;
  memory: MemoryWrite;
  supersedes?: string;
  maxPerStore: number;
}): Promise<string | null> {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const id = await saveMemory(tx, { ownerId: input.ownerId, runId: null, memory: input.memory });
    if (id && input.supersedes) {
      await tx.memory.updateMany({
        where: { id: input.supersedes, ownerId: input.ownerId, supersededAt: null },
        data: { supersededAt: new Date(), supersededById: id },
      });
    }
    await enforceStoreLimits(tx, { ownerId: input.ownerId, max: input.maxPerStore });
    return id;
  });
}

// Each store keeps at most `max` live records per user; past it the least used, then oldest,
// goes, and the eviction is recorded (MEM-3). Superseded history counts against the same limit
// so it cannot grow without bound either.
async function enforceStoreLimits(tx: Transaction, input: { ownerId: string; max: number }) {
  const stores = [
    { store: "profile", kind: "preference" as const },
    { store: "memories", kind: "fact" as const },
  ];
  for (const { store, kind } of stores) {
    const excess = await tx.memory.findMany({
      where: { ownerId: input.ownerId, kind },
      orderBy: [
        { supersededAt: { sort: "desc", nulls: "first" } },
        { useCount: "desc" },
        { createdAt: "desc" },
      ],
      skip: input.max,
      select: { id: true, text: true, supersededAt: true },
    });
    await evict(tx, input.ownerId, store, excess, "memories");
  }
  const knowledge = await tx.knowledge.findMany({
    where: { ownerId: input.ownerId },
    orderBy: [{ useCount: "desc" }, { createdAt: "desc" }],
    skip: input.max,
    select: { id: true, text: true },
  });
  await evict(tx, input.ownerId, "knowledge", knowledge, "knowledge");
  const decisions = await tx.decision.findMany({
    where: { ownerId: input.ownerId },
    orderBy: { createdAt: "desc" },
    skip: input.max,
    select: { id: true, choice: true },
  });
  await evict(
    tx,
    input.ownerId,
    "decisions",
    decisions.map((row) => ({ id: row.id, text: row.choice })),
    "decisions",
  );
}

async function evict(
  tx: Transaction,
  ownerId: string,
  store: string,
  rows: { id: string; text: string; supersededAt?: Date | null }[],
  table: "memories" | "knowledge" | "decisions",
) {
  if (rows.length === 0) return;
  await tx.memoryEviction.createMany({
    data: rows.map((row) => ({
      ownerId,
      store,
      recordId: row.id,
      text: row.text.slice(0, 300),
      reason: row.supersededAt
        ? "superseded history past the store limit"
        : "least used, oldest past the store limit",
    })),
  });
  const ids = rows.map((row) => row.id);
  if (table === "memories") await tx.memory.deleteMany({ where: { id: { in: ids } } });
  if (table === "knowledge") await tx.knowledge.deleteMany({ where: { id: { in: ids } } });
  if (table === "decisions") await tx.decision.deleteMany({ where: { id: { in: ids } } });
}

function sameText(a: string, b: string): boolean {
  const normal = (text: string) =>
    text
      .toLowerCase()
      .replace(/[\s.。!！]+/g, " ")
      .trim();
  return normal(a) === normal(b);
}
