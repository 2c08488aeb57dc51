import type { CentralityMeasure } from "../reading/detect-intent";
import { endpointMentions, nodeMentions } from "../reading/node-mentions";
import { englishMeasureNames } from "../reading/phrases-en";
import { chineseMeasureNames } from "../reading/phrases-zh";
import { measureOf } from "../reading/question-arguments";
import { detectLanguage } from "../writing/answer-language";
import type { ConversationReference } from "./conversation-reference";
import type { EarlierTurn } from "./earlier-turns";
import {
  degreeWord,
  distanceWords,
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
import { focusOf, measureOfTurn, pairOf, type ResolvedTurn, readTurn } from "./resolved-turn";

/** How one question reads once the conversation before it is taken into account. */
export type TurnResolution =
  | { kind: "standalone"; request: string }
  | {
      kind: "resolved";
      request: string;
      reference: ConversationReference;
      asked: string;
      /** The ids of an earlier answer's list that the question ranks or filters ("which of them"). */
      nodeSet?: string[];
    }
  | { kind: "ask-back"; missing: "node" | "pair" | "set" | "question"; asked: string };

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function measureName(measure: CentralityMeasure, chinese: boolean): string {
  if (measure === "degree") return chinese ? "度数" : "degree";
  return chinese ? chineseMeasureNames[measure] : englishMeasureNames[measure];
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

/**
 * The previous question asked of another node: the node takes the place of the one the question
 * named — its source or its target when the follow-up says "from X" / "to X" (从 / 到) — or,
 * after a ranking, the question is that node's value of the ranking's measure.
 */
function aboutNode(turn: ResolvedTurn, node: string, followUp = ""): string | null {
  const ends = endpointMentions(turn.request);
  const toTarget = /\b(?:to|into|towards)\s*$|到\s*$/i.test(
    followUp.slice(0, Math.max(0, followUp.indexOf(node))),
  );
  const replaced =
    toTarget && ends.target ? ends.target : (ends.source ?? nodeMentions(turn.request)[0]);
  if (replaced) return turn.request.replace(replaced, node);
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
  const short = /[\u4e00-\u9fff]/.test(question)
    ? question.length <= 24
    : question.trim().split(/\s+/).length <= 7;
  return ellipsis.test(question) && short;
}

// "that country", "the same line", "那个国家": a word naming a property whose value the previous
// answer stated.
function valueReference(question: string, previous: ResolvedTurn) {
  for (const [property, value] of previous.entities.values) {
    const pattern = new RegExp(
      `\\b(?:that|this|the same|its)\\s+${escapeRegExp(property)}\\b|(?:那个|这个|同一个?|该)${escapeRegExp(property)}`,
      "i",
    );
    const match = pattern.exec(question);
    if (match) return { property, value, text: match[0] };
  }
  return null;
}

/** The question with its pronoun ("it", "its", "它", "这个部门") replaced by the node's name. */
export function substituteNode(question: string, node: string): string {
  return (
    question
      .replace(/\b(?:its|his|her)\b/i, `${node}'s`)
      // "这个部门" → "departments:2 部门": the noun stays, so the question keeps naming its type.
      .replace(nodeReference, (text) =>
        /[\u4e00-\u9fff]/.test(text)
          ? ` ${node} ${text.replace(/^(?:该|这个|那个|这位|那位|此|[它他她])/, "")}`
          : node,
      )
      .replace(/\s{2,}/g, " ")
      .trim()
  );
}

function resolveAgainst(question: string, previous: ResolvedTurn): TurnResolution {
  const asked = question;
  const chinese = detectLanguage(question) === "zh";
  const resolved = (
    request: string,
    reference: ConversationReference,
    nodeSet?: string[],
  ): TurnResolution => ({
    kind: "resolved",
    request,
    reference,
    asked,
    ...(nodeSet ? { nodeSet } : {}),
  });
  const askBack = (missing: "node" | "pair" | "set" | "question"): TurnResolution => ({
    kind: "ask-back",
    missing,
    asked,
  });
  const named = nodeMentions(question);
  if (exactValue.test(question)) {
    const node = focusOf(previous);
    const measure = measureOfTurn(previous);
    if (node && measure) {
      return resolved(valueQuestion(node, measure, chinese), { kind: "value-of", node });
    }
    return node ? resolved(previous.request, { kind: "value-of", node }) : askBack("node");
  }
  if (moreWords.test(question)) return resolved(withMore(previous.request), { kind: "more" });
  const position = positionOf(question);
  if (position !== null && named.length === 0) {
    const node =
      previous.entities.rows[position - 1] ??
      previous.lastRows[position - 1] ??
      previous.entities.lead[position - 1];
    if (!node) return askBack("node");
    const measure = measureOfTurn(previous);
    const request = measure
      ? valueQuestion(node, measure, chinese)
      : (aboutNode(previous, node) ?? node);
    return resolved(request, { kind: "position", position, node });
  }
  const value = valueReference(question, previous);
  if (value) {
    return resolved(question.replace(value.text, value.value), {
      kind: "previous-value",
      property: value.property,
      value: value.value,
    });
  }
  if (setReference.test(question)) {
    const remove = (text: string) =>
      text
        .replace(setReference, "")
        .replace(/\s{2,}/g, " ")
        .replace(/\s*[?？.!]+\s*$/, "")
        .trim();
    if (previous.setPhrase) {
      const phrase = previous.setPhrase;
      const request = chinese
        ? question.replace(setReference, `${phrase}中`)
        : `${remove(question)} among ${phrase}?`;
      return resolved(request, { kind: "previous-set", phrase, nodes: [] });
    }
    if (previous.setNodes.length > 0) {
      // The set is the previous answer's list: kept by id, so the ranking runs over it alone.
      const request = chinese ? question.replace(setReference, "") : `${remove(question)}?`;
      return resolved(
        request,
        { kind: "previous-set", phrase: previous.request, nodes: previous.setNodes },
        previous.setNodes,
      );
    }
    return askBack("set");
  }
  const newMeasure =
    measureOf(question) ?? (degreeWord.test(question) && isElliptical(question) ? "degree" : null);
  if (newMeasure && isElliptical(question) && named.length === 0) {
    const request = withMeasure(previous, newMeasure);
    if (!request) return askBack("question");
    return resolved(request, { kind: "another-measure", measure: newMeasure });
  }
  if (pairReference.test(question) || /\bboth\b/i.test(question)) {
    const pair = pairOf(previous);
    if (!pair) return askBack("pair");
    const joined = chinese ? ` ${pair[0]} 和 ${pair[1]} ` : `${pair[0]} and ${pair[1]}`;
    const request = question
      .replace(/\b(?:both of them|those two|these two|the two of them|the two)\b/i, joined)
      .replace(/\b(between|connecting|linking|joining)\s+them\b/i, `$1 ${joined}`)
      .replace(/\b(are|were)\s+they\b/i, `$1 ${joined}`)
      .replace(/\bthey\b/i, joined)
      .replace(/\bboth\b(?!\s+(?:of|ways|directions))/i, `both ${joined}`)
      .replace(/它们|他们|她们|这两个(?:节点|人|成员|账户|站点)?|两者/, joined)
      .replace(/\s{2,}/g, " ");
    return resolved(request, { kind: "previous-pair", nodes: pair });
  }
  if (nodeReference.test(question) && !dummyIt.test(question)) {
    const node = focusOf(previous);
    if (!node) return askBack("node");
    const substituted = substituteNode(question, node);
    // "它呢？", "what about it?": the previous question, asked of that node.
    const bare = substituted
      .replace(ellipsis, "")
      .replace(new RegExp(escapeRegExp(node), "g"), "")
      .replace(/[\s?？。.!！,，]/g, "");
    if (bare === "") {
      const request = aboutNode(previous, node);
      return request ? resolved(request, { kind: "previous-node", node }) : askBack("question");
    }
    return resolved(substituted, { kind: "previous-node", node });
  }
  if (isElliptical(question) && named.length === 1) {
    const request = aboutNode(previous, named[0], question);
    if (request) return resolved(request, { kind: "another-node", node: named[0] });
  }
  // "How many hops is the shortest one?", "按行车时间算，最快要多少分钟？": a distance asked with
  // no ends named is about the two the previous question joined.
  const ends = endpointMentions(previous.request);
  if (named.length === 0 && distanceWords.test(question) && ends.source && ends.target) {
    const request = chinese
      ? `从 ${ends.source} 到 ${ends.target}，${question}`
      : `${question.replace(/\s*[?？.!]+\s*$/, "")} from ${ends.source} to ${ends.target}?`;
    return resolved(request, { kind: "previous-pair", nodes: [ends.source, ends.target] });
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
    const next: ResolvedTurn = readTurn(request, turn.answer, previous);
    // A question about the previous set keeps it for the next turn ("and by degree?").
    if (resolution.kind === "resolved" && resolution.reference.kind === "previous-set") {
      next.setPhrase = next.setPhrase ?? previous?.setPhrase ?? null;
      if (resolution.nodeSet) next.setNodes = resolution.nodeSet;
    }
    if (resolution.kind === "resolved" && resolution.reference.kind === "another-measure") {
      next.setNodes = previous?.setNodes ?? [];
    }
    previous = next;
  }
  if (!previous) {
    // The first question of a conversation: "which of them" has nothing to point at.
    if (setReference.test(input.question)) {
      return { kind: "ask-back", missing: "set", asked: input.question };
    }
    return { kind: "standalone", request: input.question };
  }
  const resolution = resolveAgainst(input.question, previous);
  // "What about by degree?" after "which of them …" keeps ranking the same listed nodes.
  if (
    resolution.kind === "resolved" &&
    resolution.reference.kind === "another-measure" &&
    previous.setNodes.length > 0 &&
    previous.analysis?.kind === "centrality"
  ) {
    return { ...resolution, nodeSet: previous.setNodes };
  }
  return resolution;
}
