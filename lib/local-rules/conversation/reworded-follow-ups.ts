import { endpointMentions, nodeMentions } from "../reading/node-mentions";
import { detectLanguage } from "../writing/answer-language";
import {
  ellipsis,
  hopsWords,
  reversedWords,
  superlativeOpposites,
  weightedWords,
} from "./follow-up-words";
import type { FollowUpReading } from "./ranking-follow-ups";
import type { ResolvedTurn } from "./resolved-turn";
import { withPropertySuperlative } from "./superlative-properties";

// Follow-ups that keep the previous question and change one thing about how it is asked: its
// two ends swapped ("the other way round"), its path counted in hops or by the weight ("按跳数
// 呢？"), its superlative turned round ("what about the youngest?").

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The two nodes the previous question joined: its source and target, else its first two. */
function endsOf(request: string): [string, string] | null {
  const ends = endpointMentions(request);
  if (ends.source && ends.target) return [ends.source, ends.target];
  const named = nodeMentions(request);
  return named.length >= 2 ? [named[0], named[1]] : null;
}

/** "What about the other way round?", "反过来呢？": the previous question, its ends swapped. */
export function reversedQuestion(question: string, previous: ResolvedTurn): FollowUpReading | null {
  if (!reversedWords.test(question) || nodeMentions(question).length > 0) return null;
  const ends = endsOf(previous.request);
  if (!ends) return null;
  const [first, second] = ends;
  const pattern = new RegExp(`${escapeRegExp(first)}|${escapeRegExp(second)}`, "g");
  const request = previous.request.replace(pattern, (name) => (name === first ? second : first));
  return { request, reference: { kind: "reversed", nodes: [second, first] } };
}

/**
 * "What about from A to B?", "那从 A 到 B 呢？": the previous question between two new ends. A
 * "second-shortest" the previous turn reached by "and the second one?" goes back to the
 * shortest: the new ends start the ranking of their paths again.
 */
export function withNewEnds(question: string, previous: ResolvedTurn): FollowUpReading | null {
  if (!ellipsis.test(question)) return null;
  const ends = endpointMentions(question);
  const before = endpointMentions(previous.request);
  if (!ends.source || !ends.target || !before.source || !before.target) return null;
  const rest = question
    .replace(ellipsis, "")
    .replace(ends.source, "")
    .replace(ends.target, "")
    .replace(/\b(?:from|to|between|and)\b|从|到|和|呢|[\s?？.!。,，]/gi, "");
  if (rest !== "") return null;
  const pattern = new RegExp(`${escapeRegExp(before.source)}|${escapeRegExp(before.target)}`, "g");
  const { source, target } = ends;
  const request = previous.request
    .replace(pattern, (name) => (name === before.source ? source : target))
    .replace(/\b(?:second|third|fourth|fifth)-(?=shortest|fastest|quickest|cheapest)/i, "")
    .replace(/第[二三四五](?=短|快|近)/, "最");
  return { request, reference: { kind: "previous-pair", nodes: [source, target] } };
}

const englishInstead =
  /\b(?:count(?:ing)?|us(?:e|ing)|measur(?:e|ing)|rank(?:ing)?\s+by|go(?:ing)?\s+by|look(?:ing)?\s+at|by)\s+(?:the\s+)?(.+?)\s+instead\s+of\s+(?:the\s+)?(.+?)\s*(?=[,;?.!]|$)/i;
const chineseInstead =
  /(?:按|用|以|算)\s*(.+?)\s*(?:而不是|而非|代替|替代|取代)\s*(.+?)\s*(?=[，,；;？?。]|(?:的话|来算|计算|排)|$)/;

/**
 * "And if we count incoming transfers instead of money, who's on top?", "用交易笔数代替金额呢？":
 * the latest question that said the replaced words, with the new ones in their place — the
 * previous question when it said them, else the latest ranking.
 */
export function insteadOf(question: string, previous: ResolvedTurn): FollowUpReading | null {
  const match = englishInstead.exec(question) ?? chineseInstead.exec(question);
  if (!match) return null;
  const [, said, replaced] = match;
  const pattern = /[a-z]/i.test(replaced)
    ? new RegExp(`\\b${escapeRegExp(replaced)}\\b`, "i")
    : new RegExp(escapeRegExp(replaced));
  const candidates = [previous.request, previous.ranking?.request ?? ""];
  const request = candidates.find((text) => pattern.test(text));
  if (!request) return null;
  return {
    request: request.replace(pattern, said),
    reference: { kind: "another-quantity", quantity: said },
  };
}

/** What a weighting follow-up says besides "and" / "呢": "weighted by length", "按距离". */
function weightingPhrase(question: string): string {
  return question
    .replace(ellipsis, "")
    .replace(/呢|[?？。!！]/g, "")
    .trim();
}

/**
 * "By hops?", "按跳数呢？": the previous path between the same two ends, counted in hops; "and
 * weighted by length?", "按距离呢？": the same path measured by the edge weight.
 */
export function reweightedPath(question: string, previous: ResolvedTurn): FollowUpReading | null {
  if (nodeMentions(question).length > 0) return null;
  const hops = hopsWords.test(question);
  if (!hops && !weightedWords.test(question)) return null;
  const ends = endsOf(previous.request);
  if (!ends) return null;
  const [source, target] = ends;
  const chinese = detectLanguage(question) === "zh";
  const phrase = weightingPhrase(question);
  const request = hops
    ? chinese
      ? `从 ${source} 到 ${target} 最少几跳？`
      : `How many hops is the shortest path from ${source} to ${target}?`
    : chinese
      ? `${phrase}，从 ${source} 到 ${target} 的最短距离是多少？`
      : `What is the shortest distance from ${source} to ${target}, ${phrase}?`;
  return { request, reference: { kind: "another-weighting", weighted: !hops } };
}

/** The first superlative a text says ("highest", "最多"), with where it stands. */
function superlativeIn(text: string): { word: string; at: number } | null {
  let found: { word: string; at: number } | null = null;
  for (const word of new Set(superlativeOpposites.flat())) {
    const pattern = /[a-z]/i.test(word) ? new RegExp(`\\b${word}\\b`, "i") : new RegExp(word);
    const match = pattern.exec(text);
    if (match && (!found || match.index < found.at)) found = { word, at: match.index };
  }
  return found;
}

function areOpposites(one: string, other: string): boolean {
  return superlativeOpposites.some(
    ([first, second]) => (first === one && second === other) || (first === other && second === one),
  );
}

/**
 * "What about the youngest?" after "which of them is the oldest?", "最少的呢？" after "…最多":
 * the previous question with its superlative turned into the one the follow-up says.
 */
export function oppositeSuperlative(
  question: string,
  previous: ResolvedTurn,
): FollowUpReading | null {
  if (nodeMentions(question).length > 0) return null;
  const asked = superlativeIn(withPropertySuperlative(question));
  const before = superlativeIn(previous.request);
  if (!asked || !before) return null;
  if (!areOpposites(asked.word, before.word)) return null;
  const request =
    previous.request.slice(0, before.at) +
    asked.word +
    previous.request.slice(before.at + before.word.length);
  const set = previous.ranking?.nodeSet ?? [];
  return {
    request,
    reference: { kind: "opposite-order" },
    ...(set.length > 0 ? { nodeSet: set } : {}),
  };
}
