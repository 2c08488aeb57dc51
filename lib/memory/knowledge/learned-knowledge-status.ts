import "server-only";
import { getEnv } from "@/lib/env";
import type { Embedder } from "../embedding/embedder";
import { getEmbedderStatus } from "../embedding/get-embedder";
import { getVectorStore } from "../vector-store/get-vector-store";
import type { VectorStore } from "../vector-store/vector-store";

/** Learned knowledge on (embedder + vector store) or off with the reason (MEM-2). */
export type LearnedKnowledge =
  | { enabled: true; embedder: Embedder; store: VectorStore }
  | { enabled: false; reason: string };

/** Whether learned knowledge works in this process: a probed embedder and a vector store. */
export async function getLearnedKnowledge(): Promise<LearnedKnowledge> {
  if (getEnv().KNOWLEDGE_LEARNING_MODE === "off") {
    return { enabled: false, reason: "KNOWLEDGE_LEARNING_MODE is off" };
  }
  const status = await getEmbedderStatus();
  if (!status.enabled) return status;
  const store = await getVectorStore({ dimensions: status.embedder.dimensions });
  return { enabled: true, embedder: status.embedder, store };
}

/** What `/api/capabilities` says about learned knowledge. */
export async function describeLearnedKnowledge() {
  const knowledge = await getLearnedKnowledge();
  if (!knowledge.enabled) {
    return {
      enabled: false,
      reason: `learned knowledge is off: ${knowledge.reason}`,
      embeddingModel: null,
      vectorBackend: null,
    };
  }
  const mode = getEnv().KNOWLEDGE_LEARNING_MODE;
  return {
    enabled: true,
    reason: `embeddings from ${knowledge.embedder.model} (${knowledge.embedder.dimensions}-d${knowledge.embedder.source ? `, ${knowledge.embedder.source}` : ""}), ${knowledge.store.backend === "hnsw" ? "pgvector HNSW index" : "exact search (no pgvector extension)"}, hybrid with full-text rank; learning mode ${mode}`,
    embeddingModel: knowledge.embedder.model,
    vectorBackend: knowledge.store.backend,
  };
}
