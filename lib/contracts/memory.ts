import { z } from "zod";

/** The five learning stores (MEM-1); each has its own lifetime and size limit. */
export const memoryStoreSchema = z.enum([
  "profile",
  "memories",
  "session_context",
  "knowledge",
  "decisions",
]);

/** A memory store's name. */
export type MemoryStore = z.infer<typeof memoryStoreSchema>;

/** A record injected into a run's prompt (the run snapshot's `memories_used`). */
export const memoryUsedSchema = z.object({ memory_id: z.string(), store: memoryStoreSchema });

/** One entry of `memories_used`. */
export type MemoryUsed = z.infer<typeof memoryUsedSchema>;

/** One record of any store as the memory manager lists it. */
export const memoryRecordSchema = z.object({
  memory_id: z.string(),
  store: memoryStoreSchema,
  /** preference / fact for profile and memories; the status for knowledge; null otherwise. */
  kind: z.string().nullable(),
  text: z.string(),
  subject: z.string().nullable(),
  source_run_id: z.string().nullable(),
  session_id: z.string().nullable(),
  origin: z.string().nullable(),
  superseded: z.boolean(),
  use_count: z.number().int(),
  created_at: z.string(),
});

/** A record of the memory manager's list. */
export type MemoryRecord = z.infer<typeof memoryRecordSchema>;

/** `GET /api/memories` query: text search, store and kind filters, cursor-free pages. */
export const listMemoriesQuerySchema = z.object({
  q: z.string().trim().max(500).optional(),
  store: memoryStoreSchema.optional(),
  kind: z.string().trim().max(40).optional(),
  /** Superseded history is shown only when asked for. */
  include_superseded: z.enum(["true", "false"]).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
});

/** `GET /api/memories` answer: one page of records, and the newest evictions. */
export const memoryListSchema = z.object({
  records: z.array(memoryRecordSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
  evictions: z.array(
    z.object({ store: z.string(), record_id: z.string(), text: z.string(), reason: z.string() }),
  ),
});

/** A parsed `GET /api/memories` answer. */
export type MemoryList = z.infer<typeof memoryListSchema>;

/** `POST /api/memories/delete`: bulk delete by id (any store). */
export const bulkDeleteMemoriesBodySchema = z
  .object({ memory_ids: z.array(z.string().min(1).max(100)).min(1).max(200) })
  .strict();

/** One profile entry (a stable preference). */
export const profileEntrySchema = z.object({
  memory_id: z.string(),
  text: z.string(),
  subject: z.string().nullable(),
  source_run_id: z.string().nullable(),
  updated_at: z.string(),
});

/** `GET /api/profile` answer. */
export const profileSchema = z.object({ preferences: z.array(profileEntrySchema) });

/** The owner's profile. */
export type Profile = z.infer<typeof profileSchema>;

/** `PUT /api/profile`: the whole list of preferences; a kept id with new text supersedes it. */
export const updateProfileBodySchema = z
  .object({
    preferences: z
      .array(
        z
          .object({
            memory_id: z.string().min(1).max(100).optional(),
            text: z.string().trim().min(1).max(500),
          })
          .strict(),
      )
      .max(100),
  })
  .strict();

/** `POST /api/knowledge`: an item added by hand. */
export const createKnowledgeBodySchema = z
  .object({
    text: z.string().trim().min(3).max(2000),
    tags: z.array(z.string().trim().min(1).max(40)).max(20).optional(),
  })
  .strict();

/** `GET /api/knowledge/search` query. */
export const searchKnowledgeQuerySchema = z.object({
  q: z.string().trim().min(1).max(500),
  k: z.coerce.number().int().min(1).max(50).default(5),
});

/** One hybrid-retrieval hit: both ranks (1-based, null when that side did not find it) and RRF. */
export const knowledgeHitSchema = z.object({
  knowledge_id: z.string(),
  text: z.string(),
  tags: z.array(z.string()),
  vector_rank: z.number().int().nullable(),
  text_rank: z.number().int().nullable(),
  similarity: z.number().nullable(),
  score: z.number(),
});

/** A knowledge hit. */
export type KnowledgeHit = z.infer<typeof knowledgeHitSchema>;

/** `GET /api/knowledge/search` answer. */
export const knowledgeSearchSchema = z.object({
  hits: z.array(knowledgeHitSchema),
  vector_backend: z.enum(["hnsw", "exact"]).nullable(),
  embedding_model: z.string().nullable(),
  /** Why the vector side did not run (learned knowledge off); null when it did. */
  vector_unavailable_reason: z.string().nullable(),
});

/** A parsed `GET /api/knowledge/search` answer. */
export type KnowledgeSearch = z.infer<typeof knowledgeSearchSchema>;

/** A knowledge item (an accepted one, or a proposal). */
export const knowledgeItemSchema = z.object({
  knowledge_id: z.string(),
  text: z.string(),
  tags: z.array(z.string()),
  status: z.enum(["active", "proposed", "discarded"]),
  source_run_id: z.string().nullable(),
  embedded: z.boolean(),
  created_at: z.string(),
});

/** A decision log entry. */
export const decisionSchema = z.object({
  decision_id: z.string(),
  session_id: z.string(),
  run_id: z.string().nullable(),
  choice: z.string(),
  reason: z.string(),
  created_at: z.string(),
});

/** `GET /api/knowledge/proposals`: what the knowledge extraction proposed, waiting for a person. */
export const knowledgeProposalListSchema = z.object({ proposals: z.array(knowledgeItemSchema) });

export type KnowledgeProposalList = z.infer<typeof knowledgeProposalListSchema>;

/** `POST /api/knowledge/proposals/{id}/accept|discard`: the proposal's new status. */
export const knowledgeProposalDecisionSchema = z.object({
  knowledge_id: z.string(),
  status: z.enum(["active", "discarded"]),
});

export type KnowledgeProposalDecision = z.infer<typeof knowledgeProposalDecisionSchema>;

/** `GET /api/decisions`: the decision log, newest first. */
export const decisionListSchema = z.object({ decisions: z.array(decisionSchema) });

export type DecisionList = z.infer<typeof decisionListSchema>;
