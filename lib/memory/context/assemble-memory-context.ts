import "server-only";
import type { MemoryUsed } from "@/lib/contracts/memory";
import {
  findSessionContext,
  listLiveMemories,
  recordMemoriesUsed,
} from "@/lib/db/queries/memory-reads";
import { getEnv } from "@/lib/env";
import type { MemoryBlockRecord } from "@/lib/memory/context/memory-block";
import { searchKnowledge } from "../knowledge/search-knowledge";
import { describeSessionProgress } from "./describe-session-progress";
import { estimateTokens } from "./estimate-tokens";
import { relevanceToQuestion } from "./relevance";

const maxFacts = 5;
const maxKnowledgeHits = 3;

/**
 * The learning stores' part of one run's prompt (AF-1, assembled per request): the profile, the
 * facts relevant to the question, the session context and the top knowledge hits, in that order
 * of priority, within a fixed token budget. What was injected is recorded on the run
 * (`memories_used`). The knowledge query's embedding runs in the run's scope (`signal`).
 * `question` is the text of the run's user message, as its phase read it.
 */
export async function assembleMemoryContext(input: {
  ownerId: string;
  sessionId: string;
  runId: string;
  question: string;
  signal: AbortSignal;
}): Promise<{ records: MemoryBlockRecord[]; used: MemoryUsed[] }> {
  const { question } = input;
  const budget = getEnv().MEMORY_PROMPT_TOKEN_BUDGET;
  const [profile, facts, context, knowledge] = await Promise.all([
    listLiveMemories({ ownerId: input.ownerId, kind: "preference" }),
    listLiveMemories({ ownerId: input.ownerId, kind: "fact" }),
    findSessionContext({ ownerId: input.ownerId, sessionId: input.sessionId }),
    question.trim()
      ? searchKnowledge({
          ownerId: input.ownerId,
          query: question,
          k: maxKnowledgeHits,
          signal: input.signal,
        }).catch((error) => {
          input.signal.throwIfAborted();
          console.warn("knowledge retrieval failed; the run goes on without it:", error);
          return { hits: [] };
        })
      : { hits: [] },
  ]);
  input.signal.throwIfAborted();
  const candidates: MemoryBlockRecord[] = [
    ...profile.map((row) => ({
      memory_id: row.id,
      store: "profile" as const,
      subject: row.subject,
      text: row.text,
    })),
    ...(context?.goal
      ? [
          {
            memory_id: context.sessionId,
            store: "session_context" as const,
            subject: "goal",
            text: describeSessionProgress({
              goal: context.goal,
              progress: context.progress,
            }).slice(0, 600),
          },
        ]
      : []),
    ...facts
      .map((row) => ({ row, score: relevanceToQuestion({ memory: row.text, question: question }) }))
      .filter((entry) => entry.score > 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, maxFacts)
      .map(({ row }) => ({
        memory_id: row.id,
        store: "memories" as const,
        subject: row.subject,
        text: row.text,
      })),
    ...knowledge.hits.map((hit) => ({
      memory_id: hit.knowledge_id,
      store: "knowledge" as const,
      subject: null,
      text: hit.text,
    })),
  ];
  const records: MemoryBlockRecord[] = [];
  let spent = 0;
  for (const record of candidates) {
    const cost = estimateTokens({ text: record.text });
    if (spent + cost > budget) continue;
    spent += cost;
    records.push(record);
  }
  const used = records.map((record) => ({ memory_id: record.memory_id, store: record.store }));
  if (used.length > 0) await recordMemoriesUsed({ runId: input.runId, used });
  return { records, used };
}
