import "server-only";
import type { KnowledgeHit, KnowledgeSearch } from "@/lib/contracts/memory";
import { findKnowledgeByIds, rankKnowledgeByText } from "@/lib/db/queries/knowledge-search";
import { getLearnedKnowledge } from "./learned-knowledge-status";
import { fuseRanks } from "./reciprocal-rank-fusion";
import { searchableText } from "./searchable-text";

// Each side returns this many candidates for the fusion; k of them are kept.
const candidatesPerSide = 50;

/**
 * Hybrid retrieval (MEM-2): vector nearest neighbours fused with full-text rank by RRF. Without
 * learned knowledge (no embedding service) only the text side runs and the reason is returned.
 * The query embedding is the run's work: `signal` aborts it (RC-5).
 */
export async function searchKnowledge(input: {
  ownerId: string;
  query: string;
  k: number;
  signal?: AbortSignal;
}): Promise<KnowledgeSearch> {
  const knowledge = await getLearnedKnowledge();
  const textSide = rankKnowledgeByText({
    ownerId: input.ownerId,
    searchText: searchableText({ text: input.query }),
    limit: candidatesPerSide,
  });
  let vectorHits: { id: string; similarity: number }[] = [];
  if (knowledge.enabled) {
    const [vector] = await knowledge.embedder.embed({ texts: [input.query], signal: input.signal });
    input.signal?.throwIfAborted();
    vectorHits = await knowledge.store.nearest({
      ownerId: input.ownerId,
      model: knowledge.embedder.model,
      vector,
      limit: candidatesPerSide,
    });
  }
  const textHits = await textSide;
  input.signal?.throwIfAborted();
  const fused = fuseRanks({
    vectorIds: vectorHits.map((hit) => hit.id),
    textHits,
  }).slice(0, input.k);
  const similarity = new Map(vectorHits.map((hit) => [hit.id, hit.similarity]));
  const rows = await findKnowledgeByIds({
    ownerId: input.ownerId,
    ids: fused.map((hit) => hit.id),
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const hits: KnowledgeHit[] = fused.flatMap((hit) => {
    const row = byId.get(hit.id);
    if (!row) return [];
    return [
      {
        knowledge_id: hit.id,
        text: row.text,
        tags: row.tags,
        vector_rank: hit.vectorRank,
        text_rank: hit.textRank,
        similarity: similarity.get(hit.id) ?? null,
        score: hit.score,
      },
    ];
  });
  return {
    hits,
    vector_backend: knowledge.enabled ? knowledge.store.backend : null,
    embedding_model: knowledge.enabled ? knowledge.embedder.model : null,
    vector_unavailable_reason: knowledge.enabled ? null : knowledge.reason,
  };
}
