import { endpointMentions } from "../reading/node-mentions";
import { parseNumberWord } from "../reading/question-numbers";
import { detectLanguage } from "../writing/answer-language";
import type { FollowUpReading } from "./ranking-follow-ups";
import { focusOf, type ResolvedTurn } from "./resolved-turn";

// Follow-ups that point at nodes by their order: the order the conversation named them in ("is
// there a lane from the first one to the second?" after two questions that each found a node,
// "前者/后者"), the order of the latest ranking ("the top two", "the top one", "those six"),
// and a place the previous question went to ("get there", "走到那里").

// "the first one … the second", "the former … the latter", "第一个 … 第二个", "前者 … 后者".
// The noun after "the first" / "the second" is whatever the graph calls its nodes ("the first
// club", "the second warehouse"): one singular word that is no verb, adverb or function word.
const orderedNoun =
  "(?:\\s+(?!(?:to|and|or|but|with|without|from|of|in|on|at|by|for|through|via|into|onto|over|under|across|towards?|as|if|before|after|again|directly|here|there|now|too|either|up|down|out|off|be|been|are|were|ever|never|not|can|could|will|would|should|must|may|might|is|was|has|had|have|do|did|does|still|also|really|then|than|that|which|who|one's)\\b)[a-z]+(?<!s|ed|ing|ly)\\b)?";

const firstWords = new RegExp(
  `\\bthe\\s+(?:first|former)${orderedNoun}|第一个(?:[\u4e00-\u9fff]{0,2}?(?=到|和|与|跟|之间|有|是|的|[，,？?]))?|前者`,
  "i",
);
const secondWords = new RegExp(
  `\\bthe\\s+(?:second|latter)${orderedNoun}|第二个(?:[\u4e00-\u9fff]{0,2}?(?=到|和|与|跟|之间|有|是|的|[，,？?]))?|后者`,
  "i",
);

// "the top two", "the first two", "the two highest", "前两名", "排名前两位的".
const topTwoWords =
  /\bthe\s+(?:top|first|leading|highest[- ]ranked)\s+(?:two|2)(?:\s+(?:ones|nodes|of them))?\b|\bthe\s+two\s+(?:highest|top)[- ]?(?:ranked|ones)?\b|(?:排名)?前(?:两|二|2)(?:名|个|位)?(?:的)?(?:[\u4e00-\u9fff]{0,2}?(?=之间|间|到|和|有|是|[，,？?]))?/i;

// "the top one", "the top node", "the number one", "排名第一的", "第一名".
const topOneWords =
  /\bthe\s+(?:top|highest[- ]ranked)\s+(?:one|node|place|spot|answer|of them)\b|\bthe\s+number[- ]one\b|(?:排名)?第一(?:名|位)(?:的)?/i;

// "those six", "these 6 waypoints", "这六个": a set of the latest ranking's first rows.
const countedSet =
  /\b(?:of|among|from)?\s*(?:those|these)\s+(three|four|five|six|seven|eight|nine|ten|\d+)(?:\s+(?!(?:are|is|have|has|were)\b)[a-z]+s)?\b|(?:这|那)([三四五六七八九十\d]+)(?:个|位|座|家|名|条|所)(?:[\u4e00-\u9fff]{0,3}?)(?:中|里|当中|之中)?/i;

// "get there", "reach it there", "走到那里", "去那儿".
const thereWords =
  /\b(?:get|go|reach|travel|walk|sail|fly|drive|make it)\s+there\b|那里|那儿|那边|该地/i;

function rankedRows(previous: ResolvedTurn): string[] {
  return previous.ranking?.rows ?? previous.lastRows;
}

function joinedPair(first: string, second: string, chinese: boolean): string {
  return chinese ? ` ${first} 和 ${second} ` : `${first} and ${second}`;
}

// "And is there any path …": the opening word only joined the question to the turn before.
function tidy(text: string): string {
  const joined = text.replace(/\s{2,}/g, " ").trim();
  const opening = /^(?:and|so|then|also|now|ok(?:ay)?)\s*,?\s+(?=[a-z])/i.exec(joined);
  if (!opening) return joined;
  const rest = joined.slice(opening[0].length);
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

/** "from the first one to the second": the nodes two earlier turns found, in their order. */
function byTurnOrder(question: string, previous: ResolvedTurn): FollowUpReading | null {
  if (!firstWords.test(question) || !secondWords.test(question)) return null;
  const foci = previous.foci;
  if (foci.length < 2) return null;
  const [first, second] = foci.slice(-2);
  const request = tidy(
    question
      .replace(firstWords, (text) => (/[\u4e00-\u9fff]/.test(text) ? ` ${first} ` : first))
      .replace(secondWords, (text) => (/[\u4e00-\u9fff]/.test(text) ? ` ${second} ` : second)),
  );
  return { request, reference: { kind: "previous-pair", nodes: [first, second] } };
}

/** "the top two", "the top one": the first rows of the latest ranking. */
function byRankingOrder(question: string, previous: ResolvedTurn): FollowUpReading | null {
  const rows = rankedRows(previous);
  const chinese = detectLanguage(question) === "zh";
  if (topTwoWords.test(question) && rows.length >= 2) {
    const request = tidy(question.replace(topTwoWords, joinedPair(rows[0], rows[1], chinese)));
    return { request, reference: { kind: "previous-pair", nodes: [rows[0], rows[1]] } };
  }
  if (topOneWords.test(question) && rows.length >= 1) {
    const node = rows[0];
    const request = tidy(question.replace(topOneWords, chinese ? ` ${node} ` : node));
    return { request, reference: { kind: "position", position: 1, node } };
  }
  return null;
}

/**
 * "Which of those six are huts?" after a top-6 ranking: the ranking's first six rows as the set
 * the question filters or ranks, asked over by id.
 */
export function rankedSet(question: string, previous: ResolvedTurn): FollowUpReading | null {
  const match = countedSet.exec(question);
  if (!match || previous.setNodes.length > 0) return null;
  const size = parseNumberWord(match[1] ?? match[2] ?? "");
  const rows = rankedRows(previous);
  if (!size || size < 2 || rows.length < size) return null;
  const nodes = rows.slice(0, size);
  const chinese = detectLanguage(question) === "zh";
  const rest = tidy(question.replace(countedSet, " "));
  const request = chinese
    ? rest
    : rest.replace(
        /^(which|who)\s+(?=(?:are|is|were|was|have|has|had|do|does)\b)/i,
        "Which nodes ",
      );
  return {
    request,
    reference: { kind: "previous-set", phrase: previous.request, nodes },
    nodeSet: nodes,
  };
}

/** "Could I get there …", "能走到那里吗": the place the previous question went to. */
function byPlace(question: string, previous: ResolvedTurn): FollowUpReading | null {
  const match = thereWords.exec(question);
  if (!match) return null;
  const ends = endpointMentions(previous.request);
  const place = ends.source && ends.target ? ends.target : focusOf(previous);
  if (!place) return null;
  const chinese = /[\u4e00-\u9fff]/.test(match[0]);
  // "Could I still get there": the walk starts where the previous question's did, unless the
  // follow-up says where it starts ("从 Alderbrook 出发能走到那里吗").
  const start = ends.source && ends.target ? ends.source : null;
  const from = start && !/\bfrom\b|从/i.test(question) ? `from ${start} ` : "";
  const request = tidy(
    question.replace(match[0], (text) =>
      chinese ? ` ${place} ` : text.replace(/\bthere\b/i, `${from}to ${place}`),
    ),
  );
  return { request, reference: { kind: "previous-node", node: place } };
}

/** A follow-up that names nodes by their order in the conversation or in the latest ranking. */
export function resolveOrderReference(
  question: string,
  previous: ResolvedTurn,
): FollowUpReading | null {
  return (
    byTurnOrder(question, previous) ??
    byRankingOrder(question, previous) ??
    rankedSet(question, previous) ??
    byPlace(question, previous)
  );
}
