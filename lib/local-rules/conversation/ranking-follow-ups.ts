import { detectLanguage } from "../writing/answer-language";
import type { ConversationReference } from "./conversation-reference";
import { ellipsis, elseWords, excludingReference, positionWords } from "./follow-up-words";
import { focusOf, type Ranking, type ResolvedTurn } from "./resolved-turn";

// Follow-ups that walk down the previous ranking: "the second one", "the next one", "the last
// one", "除了它以外呢？", "who else?". Each is the ranking asked again without the nodes above the
// place asked for, so the answer names that node first with its own figure, over the same set,
// by the same measure — whatever kind of ranking it was (a centrality, a count, a sum).

/** A follow-up read as the whole question it stands for. */
export type FollowUpReading = {
  request: string;
  reference: ConversationReference;
  nodeSet?: string[];
};

const ordinalNumbers: Record<string, number> = {
  second: 2,
  "2nd": 2,
  "runner-up": 2,
  "runner up": 2,
  third: 3,
  "3rd": 3,
  fourth: 4,
  "4th": 4,
  fifth: 5,
  "5th": 5,
  二: 2,
  三: 3,
  四: 4,
  五: 5,
};

/** The place a follow-up asks for: a number, or "last" / "next", read against the turn. */
export function positionOf(question: string, previous: ResolvedTurn | null): number | null {
  if (/\bthe\s+last\s+(?:one|place|node)\b|最后一(?:个|名|位)|倒数第一/i.test(question)) {
    return previous?.ranking?.rows.length ?? null;
  }
  const match = positionWords.exec(question);
  if (!match) return null;
  const word = (match[1] ?? match[2] ?? "").toLowerCase();
  if (word === "next") return (previous?.position ?? 1) + 1;
  return ordinalNumbers[word] ?? (Number.parseInt(word, 10) || null);
}

function lowerQuestionWord(text: string): string {
  return /^(?:Which|Who|What|How|Where|List|Name|Show|Rank)\b/.test(text)
    ? text.charAt(0).toLowerCase() + text.slice(1)
    : text;
}

/** The ranking's question with an exclusion clause naming the nodes it leaves out. */
export function rankingWithout(ranking: Ranking, nodes: string[]): string {
  const excluded = [...new Set([...ranking.excluded, ...nodes])];
  if (excluded.length === 0) return ranking.request;
  const base = ranking.request.trim();
  return detectLanguage(base) === "zh"
    ? `除了 ${excluded.join(" 和 ")} 以外，${base}`
    : `Apart from ${excluded.join(" and ")}, ${lowerQuestionWord(base)}`;
}

function overSet(ranking: Ranking): { nodeSet?: string[] } {
  return ranking.nodeSet.length > 0 ? { nodeSet: ranking.nodeSet } : {};
}

/** "The second one", "第二名呢？": the ranking without the nodes above that place. */
export function positionInRanking(
  previous: ResolvedTurn,
  position: number,
): FollowUpReading | null {
  const ranking = previous.ranking;
  if (!ranking || position < 1 || ranking.rows.length < position) return null;
  const node = ranking.rows[position - 1];
  return {
    request: rankingWithout(ranking, ranking.rows.slice(0, position - 1)),
    reference: { kind: "position", position, node },
    ...overSet(ranking),
  };
}

/** Whether the question is only "apart from it?" / "除了它以外呢？" / "who else?". */
export function isBareExclusion(question: string): boolean {
  if (elseWords.test(question)) return true;
  if (!excludingReference.test(question)) return false;
  const rest = question
    .replace(excludingReference, "")
    .replace(ellipsis, "")
    .replace(/\b(?:and|then|now|so)\b|还有|的|呢|[\s?？。.!！,，]/gi, "");
  return rest === "";
}

/** The previous ranking (or question) asked again without the node its answer named. */
export function withoutPreviousNode(previous: ResolvedTurn): FollowUpReading | null {
  const node = focusOf(previous);
  if (!node) return null;
  const ranking = previous.ranking ?? {
    request: previous.request,
    excluded: [],
    rows: [],
    nodeSet: [],
  };
  return {
    request: rankingWithout(ranking, [node]),
    reference: { kind: "without-nodes", nodes: [...ranking.excluded, node] },
    ...overSet(ranking),
  };
}
