import type { AnalysisIntent, CentralityMeasure } from "../reading/detect-intent";
import { detectIntent } from "../reading/detect-intent";
import { withoutExclusion } from "../reading/exclusion";
import { nodeMentions } from "../reading/node-mentions";
import { measureOf } from "../reading/question-arguments";
import { type AnswerEntities, readAnswerEntities } from "./answer-entities";
import { rankingWords } from "./follow-up-words";

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
  /** The latest ranking asked ("which … the most"): what "the second one" and "除了它" re-ask. */
  ranking: Ranking | null;
  /** The latest question about one named node: what "它呢？" asks again of another node. */
  nodeQuestion: string | null;
  /** The place in a ranking the turn was about ("the second one"), for "the next one". */
  position: number | null;
  /** The node each turn's answer was about, oldest first: "the first one" and "the second". */
  foci: string[];
  /** The latest turns' questions, newest last: the nouns "that museum" can echo. */
  recentRequests: string[];
  /** The answer's first sentence ("X has the most loans (14)."): the nouns "those loans" echo. */
  leadSentence: string;
};

/**
 * A ranking turn: its question without its exclusions, the nodes it left out, its rows in rank
 * order (the left-out ones first, so places count in the whole ranking), and the set it ran over.
 */
export type Ranking = { request: string; excluded: string[]; rows: string[]; nodeSet: string[] };

/** The measure the turn ranked or read by, when it had one. */
export function measureOfTurn(turn: ResolvedTurn): CentralityMeasure | null {
  const analysis = turn.analysis;
  if (analysis?.kind === "centrality") return analysis.measure;
  if (analysis?.kind === "degree") return "degree";
  return measureOf(turn.request);
}

/** Whether the turn's own question named the node, by its id or by the label its answer gave. */
export function isNamedByQuestion(turn: ResolvedTurn, id: string): boolean {
  const asked = turn.request.toLowerCase();
  const label = turn.entities.labels.get(id);
  return asked.includes(id.toLowerCase()) || Boolean(label && asked.includes(label.toLowerCase()));
}

/**
 * The node the turn's answer was about: a ranking's first row, else the first node the answer
 * named that its question had not ("Who is Henrik's manager?" → the manager, not Henrik), else
 * the lead's first node.
 */
export function focusOf(turn: ResolvedTurn): string | null {
  const ranking = turn.analysis?.kind === "centrality";
  if (ranking) return turn.entities.rows[0] ?? turn.entities.lead[0] ?? null;
  const isNew = (id: string) => !isNamedByQuestion(turn, id);
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
  if (recent.length < 2) return null;
  const pair: [string, string] = [recent[recent.length - 2], recent[recent.length - 1]];
  // "它们俩" after A, B and A again: still A and B in the order the conversation met them.
  const place = (node: string) => {
    const at = turn.foci.indexOf(node);
    return at < 0 ? Number.POSITIVE_INFINITY : at;
  };
  return place(pair[1]) < place(pair[0]) ? [pair[1], pair[0]] : pair;
}

const countOpening =
  /^\s*(?:how many|what(?:'s| is) the number of|count(?: the)?|number of)\s+(.+?)\s*[?？.!]*\s*$/i;
const chineseCount =
  /(?:有|共有|一共有)?(?:多少|几)(?:个|位|名|条|家|座|种|件|只|台|所|间|张|本|笔|项|门|辆|艘|架|处|篇|部|支|栋)?/;

/**
 * The node set a count was about, said so another question can be asked of it. A count of one
 * node's links ("China (CHN) has 25 connections") is about that node, not a set.
 */
function setPhraseOf(request: string, entities: AnswerEntities): string | null {
  if (entities.byId) return null;
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

/** Whether the turn asked for the top of a ranking ("which … the most", "哪个 … 最高"). */
function isRanking(request: string, analysis: AnalysisIntent | null): boolean {
  return analysis?.kind === "centrality" || rankingWords.test(request);
}

/** The ids a list answer named (its table, else its lead), when it was a list. */
function listedNodes(turn: {
  request: string;
  analysis: AnalysisIntent | null;
  entities: AnswerEntities;
}) {
  if (isRanking(turn.request, turn.analysis)) return [];
  if (turn.entities.rows.length > 0) return turn.entities.rows;
  if (!turn.entities.byId) return [];
  // "Seattle (SEA) links to 3 nodes: …": the node the question named is not one of its list.
  const names = (text: string) =>
    new RegExp(`(?<![\\w:])${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\w:])`, "i").test(
      turn.request,
    );
  const listed = turn.entities.lead.filter((id) => {
    const label = turn.entities.labels.get(id);
    return !names(id) && !(label && names(label));
  });
  return listed.length >= 2 ? listed : [];
}

function rankingOf(
  request: string,
  analysis: AnalysisIntent | null,
  entities: AnswerEntities,
  nodeSet: string[],
): Ranking | null {
  if (!isRanking(request, analysis)) return null;
  const rows = entities.rows.length > 0 ? entities.rows : entities.lead;
  if (rows.length === 0) return null;
  const { text, excluded } = withoutExclusion(request);
  return {
    request: text,
    excluded,
    rows: [...excluded, ...rows.filter((row) => !excluded.includes(row))],
    nodeSet,
  };
}

/**
 * Reads one earlier turn from its resolved question and its answer; `nodeSet` is the set of ids
 * the question was asked over ("which of them …"), when it had one.
 */
export function readTurn(
  request: string,
  answer: string,
  before: ResolvedTurn | null,
  nodeSet: string[] = [],
): ResolvedTurn {
  const withoutExcluded = withoutExclusion(request).text;
  const intent = detectIntent({ question: withoutExcluded });
  const analysis = intent.kind === "analysis" ? (intent.analyses[0] ?? null) : null;
  const entities = readAnswerEntities(answer);
  // The answer names a node by the id the engine knows; the question may have used its label.
  const named = entities.lead.length > 0 ? entities.lead.slice(0, 2) : nodeMentions(request);
  const recentNodes = [
    ...(before?.recentNodes ?? []).filter((node) => !named.includes(node)),
    ...named,
  ].slice(-4);
  const asked = nodeMentions(withoutExcluded);
  const turn: ResolvedTurn = {
    request,
    analysis,
    entities,
    setPhrase: setPhraseOf(request, entities),
    setNodes: listedNodes({ request, analysis, entities }),
    recentNodes,
    lastRows: entities.rows.length >= 2 ? entities.rows : (before?.lastRows ?? []),
    ranking: rankingOf(request, analysis, entities, nodeSet) ?? before?.ranking ?? null,
    nodeQuestion: asked.length === 1 ? request : (before?.nodeQuestion ?? null),
    position: null,
    foci: before?.foci ?? [],
    recentRequests: [...(before?.recentRequests ?? []), request].slice(-4),
    leadSentence: answer.trim().split(/\r?\n/)[0] ?? "",
  };
  const focus = focusOf(turn);
  // A node asked about again keeps its first place: "the first one" is the first one found.
  turn.foci = focus && !turn.foci.includes(focus) ? [...turn.foci, focus].slice(-6) : turn.foci;
  return turn;
}
