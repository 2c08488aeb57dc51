import "server-only";
import type { LanguageModelV3 } from "@ai-sdk/provider";
import type { StoredOutcome } from "@/lib/contracts/run-checkpoint";
import { hasDecision, listDecidedApprovals } from "@/lib/db/queries/memory-reads";
import { getEnv } from "@/lib/env";
import { answeredByTools } from "./extraction/answered-by-tools";
import { distillKnowledge } from "./extraction/distill-knowledge";
import { extractWithLlm } from "./extraction/extract-with-llm";
import { extractWithRules } from "./extraction/extract-with-rules";
import type { MemoryCandidate } from "./extraction/memory-candidate";
import { getLearnedKnowledge } from "./knowledge/learned-knowledge-status";
import { searchableText } from "./knowledge/searchable-text";
import { type LearnedRecords, saveLearnedRecords } from "./save-learned-records";

/**
 * Learning after a completed run (MEM-3, MEM-4): memories from the user's explicit statements
 * (local rules, plus the run's LLM when it is one), distilled knowledge only when the run's tools
 * answered its question (`answeredByTools`; a proposal in PROPOSE mode, phrased from the tools
 * alone), and the run's approval decisions. Everything runs in the
 * run's scope: the embedding call takes its signal, every await is followed by `stopCheck`, and
 * the write checks the stop state under the session lock — a stopped run writes nothing.
 */
export async function learnFromRun(input: {
  ownerId: string;
  sessionId: string;
  runId: string;
  userText: string;
  /**
   * The phase's calls in their stored form (lib/contracts): the runtime's RecordedToolCall is one,
   * and memory reads only what every stored call has, so it never imports the agent runtime.
   */
  toolCalls: StoredOutcome[];
  runStatus: string;
  llm: LanguageModelV3 | null;
  signal: AbortSignal;
  stopCheck: () => Promise<void>;
  /** Told of the extraction's model call (usage, budgets). */
  onModelCall?: Parameters<typeof extractWithLlm>[0]["onModelCall"];
}): Promise<{ saved: boolean; memoryIds: string[]; knowledgeIds: string[] }> {
  const env = getEnv();
  await input.stopCheck();
  const candidates: MemoryCandidate[] = extractWithRules({ userText: input.userText });
  if (input.llm && env.MEMORY_LLM_EXTRACTION) {
    const fromModel = await extractWithLlm({
      model: input.llm,
      userText: input.userText,
      signal: input.signal,
      onModelCall: input.onModelCall,
    });
    await input.stopCheck();
    for (const candidate of fromModel) {
      const known = candidates.some(
        (other) => other.store === candidate.store && other.quote === candidate.quote,
      );
      if (!known) candidates.push(candidate);
    }
  }
  const records: LearnedRecords = {
    memories: candidates.map((candidate) => ({
      kind: candidate.store === "profile" ? "preference" : "fact",
      text: candidate.text,
      subject: candidate.subject,
      origin: candidate.origin,
    })),
    knowledge: [],
    decisions: await decisionsOf(input.runId),
  };
  await input.stopCheck();
  const answered = answeredByTools({ runStatus: input.runStatus, toolCalls: input.toolCalls });
  const distilled =
    env.KNOWLEDGE_LEARNING_MODE === "off" || !answered.answered
      ? null
      : distillKnowledge({ toolCalls: input.toolCalls });
  let writeHnsw = false;
  if (distilled) {
    const knowledge = await getLearnedKnowledge();
    await input.stopCheck();
    let embedding: Float32Array | null = null;
    if (knowledge.enabled) {
      [embedding] = await knowledge.embedder.embed({ texts: [distilled], signal: input.signal });
      await input.stopCheck();
      writeHnsw = knowledge.store.writesVectorColumn;
    }
    records.knowledge.push({
      text: distilled,
      searchText: searchableText({ text: distilled }),
      embedding,
      embeddingModel: knowledge.enabled ? knowledge.embedder.model : null,
      status: env.KNOWLEDGE_LEARNING_MODE === "auto" ? "active" : "proposed",
      tags: ["distilled"],
    });
  }
  if (records.memories.length + records.knowledge.length + records.decisions.length === 0) {
    return { saved: false, memoryIds: [], knowledgeIds: [] };
  }
  return saveLearnedRecords({
    ownerId: input.ownerId,
    sessionId: input.sessionId,
    runId: input.runId,
    records,
    maxPerStore: env.MEMORY_STORE_MAX_RECORDS,
    writeHnsw,
  });
}

// Approval decisions are the important choices of a run: what was approved, changed or refused.
async function decisionsOf(runId: string) {
  const decisions: { choice: string; reason: string }[] = [];
  for (const approval of await listDecidedApprovals({ runId })) {
    const choice = `${approval.decision} ${approval.toolName} (${approval.toolCallId})`;
    if (await hasDecision({ runId, choice })) continue;
    decisions.push({ choice, reason: approval.reason?.trim() || "no reason given" });
  }
  return decisions;
}
