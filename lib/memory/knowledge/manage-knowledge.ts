import "server-only";
import type {
  DecisionList,
  KnowledgeProposalDecision,
  KnowledgeProposalList,
} from "@/lib/contracts/memory";
import {
  decideKnowledgeProposal,
  listDecisionRows,
  listKnowledgeRows,
} from "@/lib/db/queries/memory-records";
import { getEnv } from "@/lib/env";
import { NotFoundError } from "@/lib/errors/http-errors";
import { getLearnedKnowledge } from "@/lib/memory/knowledge/learned-knowledge-status";
import { searchableText } from "@/lib/memory/knowledge/searchable-text";
import { insertKnowledgeItem } from "./add-knowledge";

/**
 * Adds a knowledge item by hand (MEM-2): embedded when learned knowledge is on, otherwise kept
 * for full-text search only (and embedded by nobody later: the honest state is "no vector").
 */
export async function addKnowledge(input: { ownerId: string; text: string; tags: string[] }) {
  const knowledge = await getLearnedKnowledge();
  const embedding = knowledge.enabled
    ? (await knowledge.embedder.embed({ texts: [input.text] }))[0]
    : null;
  const id = await insertKnowledgeItem({
    ownerId: input.ownerId,
    item: {
      text: input.text,
      searchText: searchableText({ text: input.text }),
      embedding,
      embeddingModel: knowledge.enabled ? knowledge.embedder.model : null,
      status: "active",
      tags: input.tags,
    },
    writeHnsw: knowledge.enabled && knowledge.store.writesVectorColumn,
    maxPerStore: getEnv().MEMORY_STORE_MAX_RECORDS,
  });
  return {
    knowledge_id: id,
    duplicate: id === null,
    embedded: embedding !== null,
    embedding_model: knowledge.enabled ? knowledge.embedder.model : null,
  };
}

/** PROPOSE mode: the knowledge extraction proposed, waiting for a person. */
export async function listKnowledgeProposals(input: {
  ownerId: string;
}): Promise<KnowledgeProposalList> {
  const rows = await listKnowledgeRows({ ownerId: input.ownerId, statuses: ["proposed"] });
  return {
    proposals: rows.map((row) => ({
      knowledge_id: row.id,
      text: row.text,
      tags: row.tags,
      status: row.status,
      source_run_id: row.sourceRunId,
      embedded: row.embeddingModel !== null,
      created_at: row.createdAt.toISOString(),
    })),
  };
}

/** Accepts (retrievable from now on) or discards a proposal; never installs a skill. */
export async function decideProposal(input: {
  ownerId: string;
  knowledgeId: string;
  decision: "accept" | "discard";
}): Promise<KnowledgeProposalDecision> {
  const changed = await decideKnowledgeProposal({
    ownerId: input.ownerId,
    knowledgeId: input.knowledgeId,
    status: input.decision === "accept" ? "active" : "discarded",
  });
  if (!changed) throw new NotFoundError("Knowledge proposal", { knowledge_id: input.knowledgeId });
  return {
    knowledge_id: input.knowledgeId,
    status: input.decision === "accept" ? "active" : "discarded",
  };
}

/** The decision log (important choices with reason and run), newest first. */
export async function listDecisions(input: { ownerId: string; q?: string }): Promise<DecisionList> {
  const rows = await listDecisionRows({ ownerId: input.ownerId, q: input.q });
  return {
    decisions: rows.map((row) => ({
      decision_id: row.id,
      session_id: row.sessionId,
      run_id: row.runId,
      choice: row.choice,
      reason: row.reason,
      created_at: row.createdAt.toISOString(),
    })),
  };
}
