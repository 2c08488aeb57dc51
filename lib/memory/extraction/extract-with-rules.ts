import type { MemoryCandidate } from "./memory-candidate";
import { factSubject, preferenceTopic } from "./memory-subject";
import { rejectionReason } from "./saveable-filter";
import { splitSentences } from "./split-sentences";
import { correctionPattern, factPatterns, preferencePatterns } from "./statement-patterns";

/** One explicit statement of the message: a preference or a fact, as the user said it. */
export function readStatement(sentence: string): MemoryCandidate | null {
  for (const pattern of factPatterns) {
    const content = pattern.exec(sentence)?.[1]?.trim();
    if (content) {
      return {
        store: "memories",
        text: capitalise(content),
        subject: factSubject({ text: content }),
        quote: sentence,
        origin: "local_rules",
      };
    }
  }
  for (const pattern of preferencePatterns) {
    const content = pattern.exec(sentence)?.[1]?.trim();
    if (content) {
      return {
        store: "profile",
        text: capitalise(sentence.replace(correctionPattern, "$1")),
        subject: preferenceTopic({ text: content }),
        quote: sentence,
        origin: "local_rules",
      };
    }
  }
  // "Actually, lead with the method": a correction of a known preference topic.
  const corrected = correctionPattern.exec(sentence)?.[1]?.trim();
  const topic = corrected ? preferenceTopic({ text: corrected }) : null;
  if (corrected && topic) {
    return {
      store: "profile",
      text: capitalise(corrected),
      subject: topic,
      quote: sentence,
      origin: "local_rules",
    };
  }
  return null;
}

/** Whether a sentence is an explicit memory statement (the rest of a message is a request). */
export function isMemoryStatement(sentence: string): boolean {
  return readStatement(sentence) !== null;
}

/**
 * Deterministic extraction (MEM-3): explicit statements of the user's message only, each checked
 * by the same filters an LLM's candidates go through. Never reads the answer or tool results.
 */
export function extractWithRules(input: { userText: string }): MemoryCandidate[] {
  const candidates: MemoryCandidate[] = [];
  for (const sentence of splitSentences({ text: input.userText })) {
    const candidate = readStatement(sentence);
    if (!candidate) continue;
    if (rejectionReason({ ...candidate, userText: input.userText }) !== null) continue;
    candidates.push(candidate);
  }
  return candidates;
}

function capitalise(text: string): string {
  // A statement that starts with an identifier ("p0 is our key paper", "customers:34 …") keeps
  // it as written: node ids are case-sensitive, and "P0" would name another node.
  const firstWord = text.split(/\s/, 1)[0] ?? "";
  if (/[\d:_./-]/.test(firstWord)) return text;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
