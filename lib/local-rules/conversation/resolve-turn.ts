import { endpointMentions, nodeMentions } from "../reading/node-mentions";
import { measureOf } from "../reading/question-arguments";
import { detectLanguage } from "../writing/answer-language";
import { itemsOfFocus } from "./counted-items-follow-ups";
import { countOfExistential, ofCountedSet } from "./counted-set-follow-ups";
import type { EarlierTurn } from "./earlier-turns";
import { echoedNounReference } from "./echoed-noun-reference";
import { countBehindFigure } from "./figure-count-follow-ups";
import {
  degreeWord,
  distanceWords,
  dummyIt,
  ellipsis,
  exactValue,
  moreWords,
  nodeReference,
  pairReference,
  rankingWords,
  rankVerb,
  setReference,
  stepCount,
  weightedWords,
} from "./follow-up-words";
import { listBehindFigure } from "./list-them-follow-ups";
import { namedTopic } from "./named-topic-follow-ups";
import { substituteNode } from "./node-substitution";
import { resolveOrderReference } from "./order-references";
import { resolveAgainstPair } from "./pair-follow-ups";
import { partBySize } from "./part-by-size";
import { nextPathBetweenSameEnds, pathAtPosition } from "./path-rank-follow-ups";
import {
  isBareExclusion,
  positionInRanking,
  positionOf,
  withoutPreviousNode,
} from "./ranking-follow-ups";
import { aboutFocus, aboutNode, valueQuestion, withMeasure, withMore } from "./reasked-questions";
import {
  focusOf,
  isNamedByQuestion,
  measureOfTurn,
  type ResolvedTurn,
  readTurn,
} from "./resolved-turn";
import {
  insteadOf,
  oppositeSuperlative,
  reversedQuestion,
  reweightedPath,
  withNewEnds,
} from "./reworded-follow-ups";
import { samePathAgain } from "./same-path-follow-ups";
import { resolveAgainstSet } from "./set-follow-ups";
import { askBack, asResolution, type TurnResolution } from "./turn-resolution";

export { substituteNode };

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

// A short follow-up that only swaps a measure or a node carries nothing else of its own.
function isElliptical(question: string): boolean {
  // A long name ("Harwick Institute of Technology 呢？") counts as one word.
  const words = nodeMentions(question).reduce((text, name) => text.replace(name, "X"), question);
  const short = /[\u4e00-\u9fff]/.test(words)
    ? words.length <= 24
    : words.trim().split(/\s+/).length <= 7;
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

/** "How many exactly?", "show more", "the second one", "除了它以外呢？": the previous figure or ranking. */
function resolveAgainstRanking(question: string, previous: ResolvedTurn): TurnResolution | null {
  const chinese = detectLanguage(question) === "zh";
  if (exactValue.test(question)) {
    const node = focusOf(previous);
    const measure = measureOfTurn(previous);
    if (node && measure) {
      return asResolution(question, {
        request: valueQuestion(node, measure, chinese),
        reference: { kind: "value-of", node },
      });
    }
    return node
      ? asResolution(question, { request: previous.request, reference: { kind: "value-of", node } })
      : askBack(question, "node");
  }
  if (moreWords.test(question)) {
    return asResolution(question, {
      request: withMore(previous.request),
      reference: { kind: "more" },
    });
  }
  if (isBareExclusion(question)) {
    const reading = withoutPreviousNode(previous);
    return reading ? asResolution(question, reading) : askBack(question, "node");
  }
  const position = positionOf(question, previous);
  if (position === null || nodeMentions(question).length > 0) return null;
  const inRanking = positionInRanking(previous, position);
  if (inRanking) return asResolution(question, inRanking);
  // A list that was not a ranking: the node at that place, asked the previous question.
  const node =
    previous.entities.rows[position - 1] ??
    previous.lastRows[position - 1] ??
    previous.entities.lead[position - 1];
  if (!node) return askBack(question, "node");
  const measure = measureOfTurn(previous);
  const request = measure
    ? valueQuestion(node, measure, chinese)
    : (aboutNode(previous, node) ?? node);
  return asResolution(question, { request, reference: { kind: "position", position, node } });
}

/** "What is its degree?", "它呢？", "这位医生的导师是谁？": the previous answer's node. */
function resolveAgainstNode(asked: string, previous: ResolvedTurn): TurnResolution | null {
  const question = echoedNounReference(asked, previous) ?? asked;
  if (!nodeReference.test(question) || dummyIt.test(question)) return null;
  // An answer that named no node ("The total is 6166.9.") leaves "it" where it was.
  const node = focusOf(previous) ?? previous.foci.at(-1) ?? null;
  if (!node) return askBack(asked, "node");
  const substituted = substituteNode(question, node);
  // "它呢？", "what about it?": the previous question, asked of that node.
  const bare = substituted
    .replace(ellipsis, "")
    .replace(new RegExp(escapeRegExp(node), "g"), "")
    .replace(/[\s?？。.!！,，]/g, "");
  if (bare === "") {
    // "Gulfstar 发出了多少笔？ — 它呢？": asked of the node just asked about, it would repeat the
    // question; "it" is the node the conversation was about before.
    const other = isNamedByQuestion(previous, node)
      ? previous.foci.filter((focus) => focus !== node).at(-1)
      : undefined;
    const target = other ?? node;
    const request = aboutFocus(previous, target);
    return request
      ? asResolution(asked, { request, reference: { kind: "previous-node", node: target } })
      : askBack(asked, "question");
  }
  // "And who is her mentor?": the opening "and" only joined it to the turn before.
  const opening = /^\s*(?:and|so|then|also|now|ok(?:ay)?)\s*,?\s+(?=[a-z])/i.exec(substituted);
  const rest = opening ? substituted.slice(opening[0].length) : substituted;
  return asResolution(asked, {
    request: opening ? rest.charAt(0).toUpperCase() + rest.slice(1) : rest,
    reference: { kind: "previous-node", node },
  });
}

const twoNodes = /\b(?:those|these|the)\s+two\b|这两|那两|两者/i;

function resolveAgainst(question: string, previous: ResolvedTurn): TurnResolution {
  const chinese = detectLanguage(question) === "zh";
  const named = nodeMentions(question);
  // "第二快的路线要多少天？" after a path: the next path between its ends, not a ranking's node.
  const nextPath =
    nextPathBetweenSameEnds(question, previous) ??
    pathAtPosition(question, previous) ??
    samePathAgain(question, previous);
  if (nextPath) return asResolution(question, nextPath);
  const ordered =
    resolveOrderReference(question, previous) ??
    countOfExistential(question, previous) ??
    ofCountedSet(question, previous);
  if (ordered) return asResolution(question, ordered);
  const ranked = resolveAgainstRanking(question, previous);
  if (ranked) return ranked;
  const behind =
    countBehindFigure(question, previous) ??
    listBehindFigure(question, previous) ??
    itemsOfFocus(question, previous);
  if (behind) return asResolution(question, behind);
  const value = valueReference(question, previous);
  if (value) {
    return asResolution(question, {
      request: question.replace(value.text, value.value),
      reference: { kind: "previous-value", property: value.property, value: value.value },
    });
  }
  // "Does either of those two countries …": two nodes, not a set to choose from.
  if (twoNodes.test(question)) return resolveAgainstPair(question, previous);
  const set = resolveAgainstSet(question, previous);
  if (set) return set;
  const reworded =
    insteadOf(question, previous) ??
    partBySize(question, previous) ??
    reversedQuestion(question, previous) ??
    reweightedPath(question, previous) ??
    withNewEnds(question, previous) ??
    (isElliptical(question) ? oppositeSuperlative(question, previous) : null);
  if (reworded) return asResolution(question, reworded);
  const newMeasure =
    measureOf(question) ?? (degreeWord.test(question) && isElliptical(question) ? "degree" : null);
  if (newMeasure && isElliptical(question) && named.length === 0) {
    // "按介数中心性排的话呢？" after a question about one node: the latest ranking, re-ranked.
    const reranked =
      rankVerb.test(question) && previous.ranking && nodeMentions(previous.request).length > 0
        ? withMeasure({ ...previous, request: previous.ranking.request }, newMeasure)
        : null;
    const request = reranked ?? withMeasure(previous, newMeasure);
    // "那按 HITS 的 hub 分数，哪个港口最高？" after a question with no measure: a whole ranking.
    if (!request && rankingWords.test(question)) return { kind: "standalone", request: question };
    if (!request) return askBack(question, "question");
    return asResolution(question, {
      request,
      reference: { kind: "another-measure", measure: newMeasure },
    });
  }
  if (pairReference.test(question) || /\bboth\b/i.test(question)) {
    return resolveAgainstPair(question, previous);
  }
  const topic = namedTopic(question);
  if (topic) return asResolution(question, topic);
  const node = resolveAgainstNode(question, previous);
  if (node) return node;
  if (isElliptical(question) && named.length === 1) {
    const request = aboutNode(previous, named[0], question);
    if (request) {
      return asResolution(question, {
        request,
        reference: { kind: "another-node", node: named[0] },
      });
    }
  }
  // "How many hops is the shortest one?", "按行车时间算，最快要多少分钟？": a distance asked with
  // no ends named is about the two the previous question joined.
  const ends = endpointMentions(previous.request);
  if (named.length === 0 && distanceWords.test(question) && ends.source && ends.target) {
    // "In how many transfers at least?": a count of steps is the path's length in hops.
    const steps =
      stepCount.test(question) &&
      !weightedWords.test(question) &&
      !/\b(?:shortest|path|route|hops)\b|最短|路径/i.test(question);
    const request = steps
      ? chinese
        ? `从 ${ends.source} 到 ${ends.target} 最少几跳？`
        : `How many hops is the shortest path from ${ends.source} to ${ends.target}?`
      : chinese
        ? `从 ${ends.source} 到 ${ends.target}，${question}`
        : `${question.replace(/\s*[?？.!]+\s*$/, "")} from ${ends.source} to ${ends.target}?`;
    return asResolution(question, {
      request,
      reference: { kind: "previous-pair", nodes: [ends.source, ends.target] },
    });
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
    const nodeSet = resolution.kind === "resolved" ? (resolution.nodeSet ?? []) : [];
    const next: ResolvedTurn = readTurn(request, turn.answer, previous, nodeSet);
    // A question about the previous set keeps it for the next turn ("and by degree?"); a
    // filter of it ("which of them are in zone 4?") narrows it to the nodes its answer listed.
    // So does any question asked over it again ("and the youngest?", "the second one").
    if (
      resolution.kind === "resolved" &&
      (nodeSet.length > 0 || resolution.reference.kind === "previous-set")
    ) {
      next.setPhrase = next.setPhrase ?? previous?.setPhrase ?? null;
      const narrowed =
        next.setNodes.length > 0 && next.setNodes.every((node) => nodeSet.includes(node));
      if (nodeSet.length > 0 && !narrowed) next.setNodes = nodeSet;
    }
    if (resolution.kind === "resolved" && resolution.reference.kind === "position") {
      next.position = resolution.reference.position;
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
