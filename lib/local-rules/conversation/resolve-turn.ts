import { detectLanguage } from "../answer-language";
import { type AnalysisIntent, type CentralityMeasure, detectIntent } from "../detect-intent";
import { nodeMentions } from "../node-mentions";
import { englishMeasureNames } from "../phrases-en";
import { chineseMeasureNames } from "../phrases-zh";
import { measureOf } from "../question-arguments";
import { type AnswerEntities, readAnswerEntities } from "./answer-entities";
import type { EarlierTurn } from "./earlier-turns";
import {
  degreeWord,
  dummyIt,
  ellipsis,
  exactValue,
  explicitMeasure,
  implicitMeasure,
  moreWords,
  nodeReference,
  pairReference,
  positionWords,
  setReference,
} from "./follow-up-words";

/** What a follow-up's words were resolved to (shown in the reasoning, kept in the logical form). */
export type ConversationReference =
  | { kind: "previous-node"; node: string }
  | { kind: "previous-pair"; nodes: [string, string] }
  | { kind: "previous-set"; phrase: string }
  | { kind: "another-measure"; measure: CentralityMeasure }
  | { kind: "another-node"; node: string }
  | { kind: "position"; position: number; node: string }
  | { kind: "previous-value"; node: string }
  | { kind: "more" };

/** How one question reads once the conversation before it is taken into account. */
export type TurnResolution =
  | { kind: "standalone"; request: string }
  | { kind: "resolved"; request: string; reference: ConversationReference; asked: string }
  | { kind: "ask-back"; missing: "node" | "pair" | "set" | "question"; asked: string };

/** A resolved earlier turn: its standalone question and what its answer named. */
type ResolvedTurn = {
  request: string;
  analysis: AnalysisIntent | null;
  entities: AnswerEntities;
  /** The node set the turn was about, when it was one ("members in Mr. Hi's club"). */
  setPhrase: string | null;
};

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function measureName(measure: CentralityMeasure, chinese: boolean): string {
  if (measure === "degree") return chinese ? "度数" : "degree";
  return chinese ? chineseMeasureNames[measure] : englishMeasureNames[measure];
}

/** The measure the turn ranked or read by, when it had one. */
function measureOfTurn(turn: ResolvedTurn): CentralityMeasure | null {
  const analysis = turn.analysis;
  if (analysis?.kind === "centrality") return analysis.measure;
  if (analysis?.kind === "degree") return "degree";
  return measureOf(turn.request);
}

/** The node the turn's answer was about: a ranking's first row, else the lead's first node. */
function focusOf(turn: ResolvedTurn): string | null {
  const ranking = turn.analysis?.kind === "centrality";
  const first = ranking
    ? (turn.entities.rows[0] ?? turn.entities.lead[0])
    : (turn.entities.lead[0] ?? turn.entities.rows[0]);
  return first ?? nodeMentions(turn.request)[0] ?? null;
}

/** The two nodes the turn was about: the question's own two, else the answer's first two. */
function pairOf(turn: ResolvedTurn): [string, string] | null {
  const asked = nodeMentions(turn.request);
  if (asked.length >= 2) return [asked[0], asked[1]];
  const named = [...new Set([...turn.entities.lead, ...turn.entities.rows])];
  return named.length >= 2 ? [named[0], named[1]] : null;
}

const countOpening =
  /^\s*(?:how many|what(?:'s| is) the number of|count(?: the)?|number of)\s+(.+?)\s*[?？.!]*\s*$/i;
const listOpening =
  /^\s*(?:which|what|list|show(?: me)?|name|give me|find)\s+(?:all\s+|the\s+)?(.+?)\s*[?？.!]*\s*$/i;
const chineseCount = /(?:有)?(?:多少|几)(?:个|位|名|条|家)?/;

/** The node set a count or a list was about, said so another question can be asked of it. */
function setPhraseOf(request: string, analysis: AnalysisIntent | null): string | null {
  if (analysis?.kind === "centrality") return null;
  const count = countOpening.exec(request);
  if (count) return count[1];
  if (/[\u4e00-\u9fff]/.test(request) && chineseCount.test(request)) {
    return request
      .replace(chineseCount, "")
      .replace(/[?？。！!]+\s*$/, "")
      .replace(/^(?:请问|一共|总共)/, "")
      .trim();
  }
  const list = listOpening.exec(request);
  return list && /\b(?:are|is|in|with|belong|from|of)\b/i.test(list[1]) ? list[1] : null;
}

function readTurn(request: string, answer: string, carriedSet: string | null): ResolvedTurn {
  const intent = detectIntent({ question: request });
  const analysis = intent.kind === "analysis" ? (intent.analyses[0] ?? null) : null;
  return {
    request,
    analysis,
    entities: readAnswerEntities(answer),
    setPhrase: setPhraseOf(request, analysis) ?? carriedSet,
  };
}

/** Asks the previous question again, by another measure. */
function withMeasure(turn: ResolvedTurn, measure: CentralityMeasure): string | null {
  const chinese = detectLanguage(turn.request) === "zh";
  const name = measureName(measure, chinese);
  if (explicitMeasure.test(turn.request)) return turn.request.replace(explicitMeasure, name);
  if (implicitMeasure.test(turn.request)) {
    return turn.request.replace(implicitMeasure, chinese ? `${name}最高` : `the highest ${name}`);
  }
  return null;
}

/** "What is the PageRank of n0?" / "n0 的度数是多少？": one node's value of a measure. */
function valueQuestion(node: string, measure: CentralityMeasure, chinese: boolean): string {
  return chinese
    ? `${node} 的${measureName(measure, true)}是多少？`
    : `What is the ${measureName(measure, false)} of ${node}?`;
}

/** The follow-up about one node: the previous question asked of it, or its value. */
function aboutNode(turn: ResolvedTurn, node: string): string | null {
  const named = nodeMentions(turn.request)[0];
  if (named) return turn.request.replace(named, node);
  const measure = measureOfTurn(turn);
  return measure ? valueQuestion(node, measure, detectLanguage(turn.request) === "zh") : null;
}

const ordinalNumbers: Record<string, number> = {
  second: 2,
  "2nd": 2,
  "runner-up": 2,
  "runner up": 2,
  next: 2,
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

function positionOf(question: string): number | null {
  const match = positionWords.exec(question);
  if (!match) return null;
  const word = (match[1] ?? match[2] ?? "").toLowerCase();
  return ordinalNumbers[word] ?? (Number.parseInt(word, 10) || null);
}

/** The previous ranking asked for more rows. */
function withMore(request: string): string {
  const top = /\b(top|first)\s+(\d+)\b|前\s*(\d+)/i.exec(request);
  if (!top) {
    return /[\u4e00-\u9fff]/.test(request)
      ? `${request.replace(/[?？]\s*$/, "")}（前20个）？`
      : `${request.replace(/[?？.]\s*$/, "")} (top 20)?`;
  }
  const count = Number(top[2] ?? top[3]);
  return request.replace(top[0], top[3] ? `前${count * 2}` : `${top[1]} ${count * 2}`);
}

// A short follow-up that only swaps a measure or a node carries nothing else of its own.
function isElliptical(question: string): boolean {
  return ellipsis.test(question) && question.trim().split(/\s+/).length <= 7;
}

function resolveAgainst(question: string, previous: ResolvedTurn): TurnResolution {
  const asked = question;
  const chinese = detectLanguage(question) === "zh";
  const resolved = (request: string, reference: ConversationReference): TurnResolution => ({
    kind: "resolved",
    request,
    reference,
    asked,
  });
  const askBack = (missing: "node" | "pair" | "set" | "question"): TurnResolution => ({
    kind: "ask-back",
    missing,
    asked,
  });
  if (exactValue.test(question)) {
    const node = focusOf(previous);
    const measure = measureOfTurn(previous);
    if (node && measure) {
      return resolved(valueQuestion(node, measure, chinese), { kind: "previous-value", node });
    }
    return node ? resolved(previous.request, { kind: "previous-value", node }) : askBack("node");
  }
  if (moreWords.test(question)) return resolved(withMore(previous.request), { kind: "more" });
  const position = positionOf(question);
  if (position !== null && nodeMentions(question).length === 0) {
    const node = previous.entities.rows[position - 1] ?? previous.entities.lead[position - 1];
    if (!node) return askBack("node");
    const measure = measureOfTurn(previous);
    const request = measure
      ? valueQuestion(node, measure, chinese)
      : (aboutNode(previous, node) ?? node);
    return resolved(request, { kind: "position", position, node });
  }
  if (setReference.test(question)) {
    const phrase = previous.setPhrase;
    if (!phrase) return askBack("set");
    const request = chinese
      ? question.replace(setReference, `${phrase}中`)
      : `${question
          .replace(setReference, "")
          .replace(/\s{2,}/g, " ")
          .replace(/\s*[?？.!]+\s*$/, "")
          .trim()} among ${phrase}?`;
    return resolved(request, { kind: "previous-set", phrase });
  }
  const newMeasure =
    measureOf(question) ?? (degreeWord.test(question) && isElliptical(question) ? "degree" : null);
  if (newMeasure && isElliptical(question) && nodeMentions(question).length === 0) {
    const request = withMeasure(previous, newMeasure);
    if (!request) return askBack("question");
    return resolved(request, { kind: "another-measure", measure: newMeasure });
  }
  if (pairReference.test(question)) {
    const pair = pairOf(previous);
    if (!pair) return askBack("pair");
    const joined = chinese ? `${pair[0]} 和 ${pair[1]} ` : `${pair[0]} and ${pair[1]}`;
    const request = question
      .replace(/\b(?:both of them|those two|these two|the two of them|the two)\b/i, joined)
      .replace(/\b(between|connecting|linking|joining)\s+them\b/i, `$1 ${joined}`)
      .replace(/\b(are|were)\s+they\b/i, `$1 ${joined}`)
      .replace(/\bthey\b/i, joined)
      .replace(/它们|他们|她们|这两个(?:节点|人|成员|账户|站点)?|两者/, joined);
    return resolved(request, { kind: "previous-pair", nodes: pair });
  }
  if (nodeReference.test(question) && !dummyIt.test(question)) {
    const node = focusOf(previous);
    if (!node) return askBack("node");
    const substituted = question
      .replace(/\b(?:its|his|her)\b/i, `${node}'s`)
      .replace(
        /\b(?:that|this|the same)\s+(?:member|node|one|person|account|station|customer|user|employee|country|paper|author|airport|site|student|entity|vertex)\b|\bit\b|\b(?:him|he|she)\b/i,
        node,
      )
      .replace(
        /(?<![其们])[它他她](?![们])|该(?:节点|成员|用户|账户|站点|国家|员工|人)|(?:这个|那个)(?:节点|成员|人|账户|站点|国家|员工)/,
        ` ${node} `,
      );
    // "它呢？", "what about it?": the previous question, asked of that node.
    const bare = substituted
      .replace(ellipsis, "")
      .replace(new RegExp(escapeRegExp(node), "g"), "")
      .replace(/[\s?？。.!！,，]/g, "");
    if (bare === "") {
      const request = aboutNode(previous, node);
      return request ? resolved(request, { kind: "previous-node", node }) : askBack("question");
    }
    return resolved(substituted.replace(/\s{2,}/g, " ").trim(), { kind: "previous-node", node });
  }
  const named = nodeMentions(question);
  if (isElliptical(question) && named.length === 1) {
    const request = aboutNode(previous, named[0]);
    if (request) return resolved(request, { kind: "another-node", node: named[0] });
  }
  return { kind: "standalone", request: question };
}

/**
 * Reads one question against the conversation before it. Each earlier turn is resolved in order
 * the same way (so "which of them" carries its set on to "and by degree?"), from the questions
 * and answers the runtime replays from the database: the state survives a restart, another
 * instance and an edit of the latest turn, because it is recomputed from what is stored. A
 * reference with nothing to point at is asked back; a question without one stands alone.
 */
export function resolveTurn(input: { question: string; earlier: EarlierTurn[] }): TurnResolution {
  let previous: ResolvedTurn | null = null;
  for (const turn of input.earlier) {
    const resolution: TurnResolution = previous
      ? resolveAgainst(turn.question, previous)
      : { kind: "standalone", request: turn.question };
    const request = resolution.kind === "ask-back" ? turn.question : resolution.request;
    previous = readTurn(request, turn.answer, previous?.setPhrase ?? null);
    if (resolution.kind !== "resolved" || resolution.reference.kind !== "previous-set") {
      // Only a question about the previous set keeps it; a new question starts afresh.
      previous.setPhrase = setPhraseOf(request, previous.analysis);
    }
  }
  if (!previous) {
    // The first question of a conversation: "which of them" has nothing to point at.
    if (setReference.test(input.question)) {
      return { kind: "ask-back", missing: "set", asked: input.question };
    }
    return { kind: "standalone", request: input.question };
  }
  return resolveAgainst(input.question, previous);
}
