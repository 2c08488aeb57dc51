import type { AnalysisIntent, CentralityMeasure } from "../reading/detect-intent";
import { detectIntent } from "../reading/detect-intent";
import { nodeMentions } from "../reading/node-mentions";
import { measureOf } from "../reading/question-arguments";
import { type AnswerEntities, readAnswerEntities } from "./answer-entities";

// What an earlier turn leaves for the next one to point at: the whole question it stood for,
// its reading, the nodes its answer named, and the set, pair or ranking it was about.

/** A resolved earlier turn: its standalone question and what its answer named. */
export type ResolvedTurn = {
  request: string;
  analysis: AnalysisIntent | null;
  entities: AnswerEntities;
  /** The node set the turn was about, said in words ("members in Mr. Hi's club"). */
  setPhrase: string | null;
  /** The same set as ids, when the turn's answer listed it (a list, not a ranking). */
  setNodes: string[];
  /** Nodes the last turns named, newest last: what "both" and "between them" point at. */
  recentNodes: string[];
  /** The latest turn whose answer ranked or listed rows: what "the second one" counts in. */
  lastRows: string[];
};

/** The measure the turn ranked or read by, when it had one. */
export function measureOfTurn(turn: ResolvedTurn): CentralityMeasure | null {
  const analysis = turn.analysis;
  if (analysis?.kind === "centrality") return analysis.measure;
  if (analysis?.kind === "degree") return "degree";
  return measureOf(turn.request);
}

/**
 * The node the turn's answer was about: a ranking's first row, else the first node the answer
 * named that its question had not ("Who is Henrik's manager?" → the manager, not Henrik), else
 * the lead's first node.
 */
export function focusOf(turn: ResolvedTurn): string | null {
  const ranking = turn.analysis?.kind === "centrality";
  if (ranking) return turn.entities.rows[0] ?? turn.entities.lead[0] ?? null;
  const asked = turn.request.toLowerCase();
  const isNew = (id: string) => {
    const label = turn.entities.labels.get(id);
    return !asked.includes(id.toLowerCase()) && !(label && asked.includes(label.toLowerCase()));
  };
  return (
    turn.entities.lead.find(isNew) ??
    turn.entities.lead[0] ??
    turn.entities.rows[0] ??
    nodeMentions(turn.request)[0] ??
    null
  );
}

/** The two nodes the turn was about: the question's own two, else the latest two named. */
export function pairOf(turn: ResolvedTurn): [string, string] | null {
  const asked = nodeMentions(turn.request);
  if (asked.length >= 2) return [asked[0], asked[1]];
  const recent = turn.recentNodes;
  if (recent.length >= 2) return [recent[recent.length - 2], recent[recent.length - 1]];
  return null;
}

const countOpening =
  /^\s*(?:how many|what(?:'s| is) the number of|count(?: the)?|number of)\s+(.+?)\s*[?？.!]*\s*$/i;
const chineseCount = /(?:有)?(?:多少|几)(?:个|位|名|条|家)?/;

/** The node set a count was about, said so another question can be asked of it. */
function setPhraseOf(request: string, analysis: AnalysisIntent | null): string | null {
  if (analysis && analysis.kind !== "schema-question") return null;
  const count = countOpening.exec(request);
  if (count) return count[1];
  if (/[\u4e00-\u9fff]/.test(request) && chineseCount.test(request)) {
    return request
      .replace(chineseCount, "")
      .replace(/[?？。！!]+\s*$/, "")
      .replace(/^(?:请问|一共|总共)/, "")
      .trim();
  }
  return null;
}

/** The ids a list answer named (its table, else its lead), when it was a list. */
function listedNodes(turn: { analysis: AnalysisIntent | null; entities: AnswerEntities }) {
  const ranking = turn.analysis?.kind === "centrality";
  if (ranking) return [];
  if (turn.entities.rows.length > 0) return turn.entities.rows;
  return turn.entities.lead.length >= 2 ? turn.entities.lead : [];
}

export function readTurn(
  request: string,
  answer: string,
  before: ResolvedTurn | null,
): ResolvedTurn {
  const intent = detectIntent({ question: request });
  const analysis = intent.kind === "analysis" ? (intent.analyses[0] ?? null) : null;
  const entities = readAnswerEntities(answer);
  // The answer names a node by the id the engine knows; the question may have used its label.
  const named = entities.lead.length > 0 ? entities.lead.slice(0, 2) : nodeMentions(request);
  const recentNodes = [
    ...(before?.recentNodes ?? []).filter((node) => !named.includes(node)),
    ...named,
  ].slice(-4);
  return {
    request,
    analysis,
    entities,
    setPhrase: setPhraseOf(request, analysis),
    setNodes: listedNodes({ analysis, entities }),
    recentNodes,
    lastRows: entities.rows.length >= 2 ? entities.rows : (before?.lastRows ?? []),
  };
}
