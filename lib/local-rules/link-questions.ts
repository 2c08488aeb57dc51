import type { AnalysisIntent } from "./detect-intent";
import { endpointMentions, nodeMentions } from "./node-mentions";
import { parseRequestedCount } from "./question-numbers";
import { questionWords } from "./question-words";

/**
 * The families that read a question as being about the links themselves rather than about
 * nodes: edges from a node to itself, edges or nodes whose removal splits the graph, nodes
 * without links one way, single edges ranked by weight, and the neighbours two nodes share.
 * Tried before the node families (question-grammar.ts), in this order; null when none applies.
 */
export function readLinkQuestion(q: string, yesNo: boolean): AnalysisIntent[] | null {
  if (questionWords.selfLoop.test(q)) {
    const counted = questionWords.count.test(q);
    return [
      {
        kind: "self-loops",
        ask: yesNo
          ? "exists"
          : counted
            ? questionWords.selfLoopsCounted.test(q)
              ? "loops"
              : "nodes"
            : "list",
      },
    ];
  }
  // "Are there any bridges in the route network?", "Which airports are single points of
  // failure?": cuts of the whole graph.
  const cutEdges = questionWords.cutEdges.test(q);
  if (cutEdges || questionWords.articulation.test(q)) {
    return [
      {
        kind: "cut-points",
        what: cutEdges ? "bridges" : "articulation",
        ask: yesNo ? "exists" : questionWords.count.test(q) ? "count" : "list",
      },
    ];
  }
  // "Who only receives emails and never sends any?": nodes without links one way. A named node
  // makes it a question about that node ("Has kpatel never emailed anyone?").
  // "never wrote together", "haven't emailed each other" are about pairs, not one-way nodes.
  const aboutPairs =
    /\btogether\b|\beach other\b|\bone another\b|一起|互相/i.test(q) ||
    questionWords.likelyLinks.test(q) ||
    questionWords.similarity.test(q);
  if (nodeMentions(q).length === 0 && !aboutPairs) {
    const onlyReceives = questionWords.onlyReceives.test(q);
    const onlySends = questionWords.onlySends.test(q);
    const noOutgoing = questionWords.noOutgoing.test(q);
    const noIncoming = questionWords.noIncoming.test(q);
    if ((onlyReceives || noOutgoing) !== (onlySends || noIncoming)) {
      const missing = onlyReceives || noOutgoing ? "out" : "in";
      return [{ kind: "one-way-nodes", missing, onlyOther: onlyReceives || onlySends }];
    }
  }
  // "What is the longest nonstop route?": one edge by its weight; with a named node it is a path
  // ("the shortest route to MIA").
  if (
    questionWords.edgeSuperlative.test(q) &&
    !/\bpaths?\b|路径/i.test(q) &&
    nodeMentions(q).length === 0
  ) {
    return [
      {
        kind: "edge-ranking",
        ascending: questionWords.edgeAscending.test(q),
        topK: parseRequestedCount({ question: q, fallback: 5, max: 100 }),
      },
    ];
  }
  // "How many co-authors do r05 and r07 have in common?": the neighbours both nodes have.
  const pairMentions = endpointMentions(q);
  if (
    pairMentions.source &&
    pairMentions.target &&
    questionWords.sharedNeighbours.test(q) &&
    !questionWords.likelyLinks.test(q)
  ) {
    return [
      {
        kind: "common-neighbours",
        source: pairMentions.source,
        target: pairMentions.target,
        ask: yesNo ? "exists" : questionWords.count.test(q) ? "count" : "list",
      },
    ];
  }
  return null;
}
