import type { PlanContext, PlanOutcome } from "../planning/plan-types";
import { cannotPlanPart } from "../writing/capability-part";
import { bridgingFamily } from "./bridging";
import { centralityFamily } from "./centrality";
import { commonNeighboursFamily } from "./common-neighbours";
import { communitiesFamily } from "./communities";
import { componentsFamily } from "./components";
import { connectivityFamily } from "./connectivity";
import { coreFamily } from "./core";
import { cutPointsFamily } from "./cut-points";
import type { Family } from "./define-family";
import { degreeFamily } from "./degree";
import { degreeBalanceFamily } from "./degree-balance";
import { distinctPartnersFamily } from "./distinct-partners";
import { edgeExistsFamily } from "./edge-exists";
import { edgeRankingFamily } from "./edge-ranking";
import { edgeSumsFamily } from "./edge-sums";
import { flowFamily } from "./flow";
import { graphExportFamily } from "./graph-export";
import { graphMetricFamily } from "./graph-metric";
import { kShortestFamily } from "./k-shortest";
import { keyHolderShareFamily } from "./key-holder-share";
import { linkShareFamily } from "./link-share";
import { linksBetweenGroupsFamily } from "./links-between-groups";
import { membershipFamily } from "./membership";
import { mostCoPartnersFamily } from "./most-co-partners";
import { neighboursFamily } from "./neighbours";
import { nodeMeasureValueFamily } from "./node-measure-value";
import { nodeStructureFamily } from "./node-structure";
import { nodeValueCheckFamily } from "./node-value-check";
import { nodesByPartnerCountFamily } from "./nodes-by-partner-count";
import { nodesWithValueFamily } from "./nodes-with-value";
import { oneWayNodesFamily } from "./one-way-nodes";
import { outsideMainFamily } from "./outside-main";
import { partnersFamily } from "./partners";
import { pathFamily } from "./path";
import { projectionFamily } from "./projection";
import { propertyDifferenceFamily } from "./property-difference";
import { readQuestionText } from "./question-text";
import { reachAvoidingFamily } from "./reach-avoiding";
import { reachSetFamily } from "./reach-set";
import { reachabilityFamily } from "./reachability";
import { reciprocalPairsFamily } from "./reciprocal-pairs";
import { sameCommunityFamily } from "./same-community";
import { schemaQuestionFamily } from "./schema-question";
import { selfLoopsFamily } from "./self-loops";
import { similarityFamily } from "./similarity";
import { spanningTreeFamily } from "./spanning-tree";
import { typeShareFamily } from "./type-share";
import { unlinkedNodesFamily } from "./unlinked-nodes";
import { unreachableFamily } from "./unreachable";
import { valueShareFamily } from "./value-share";

/**
 * Every question family, in the order a question is tried against them: the most specific
 * first, so "the 3 shortest paths" is never read as one path and "edge-disjoint paths" never as
 * a path at all. A family reads a question only when every family above it has declined, and
 * many rely on that ("membership" after "same-community", "projection" after "partners").
 * Some families' readings answer with a neighbouring kind, where one branch of the grammar
 * does: k-shortest (a measure beside path words is a centrality), node-structure (a whole
 * graph's triangles or clustering is a graph metric), neighbours (the questions about one named
 * node: its degree, or the edge between two) and centrality (with the communities asked too).
 */
export const families = [
  // A file of the whole graph: the export verb takes the graph as its object.
  graphExportFamily,
  // A walk that must leave one node out ("if X were closed"): before flows and plain walks.
  reachAvoidingFamily,
  flowFamily,
  spanningTreeFamily,
  // Questions about the links themselves rather than about nodes.
  selfLoopsFamily,
  reciprocalPairsFamily,
  // Nodes whose links one way outnumber the other way ("more outbound lanes than inbound").
  degreeBalanceFamily,
  // Sets and shares of nodes or links described by property values (declined without one).
  linksBetweenGroupsFamily,
  // "What share of the films are sequels?": a self-referencing key's holders (declined unless named).
  keyHolderShareFamily,
  linkShareFamily,
  valueShareFamily,
  typeShareFamily,
  cutPointsFamily,
  oneWayNodesFamily,
  unlinkedNodesFamily,
  edgeRankingFamily,
  commonNeighboursFamily,
  reachSetFamily,
  // A number the links carry summed per node or group ("how much money did a30 receive"):
  // before the degree readings of "total", and declined when no link property is that number.
  distinctPartnersFamily,
  edgeSumsFamily,
  degreeFamily,
  // "What is X's closeness?": one named node's score, before path words or a ranking take it.
  nodeMeasureValueFamily,
  similarityFamily,
  partnersFamily,
  projectionFamily,
  kShortestFamily,
  connectivityFamily,
  reachabilityFamily,
  edgeExistsFamily,
  pathFamily,
  graphMetricFamily,
  unreachableFamily,
  nodeStructureFamily,
  coreFamily,
  outsideMainFamily,
  componentsFamily,
  bridgingFamily,
  sameCommunityFamily,
  membershipFamily,
  communitiesFamily,
  nodesWithValueFamily,
  neighboursFamily,
  centralityFamily,
  // "Which actor has worked with the most co-stars?": partners through shared works.
  // "Which film made the biggest profit, box office minus budget?": two figures combined.
  propertyDifferenceFamily,
  mostCoPartnersFamily,
  // "How many directors have worked for more than one studio?": a count of distinct partners.
  nodesByPartnerCountFamily,
  schemaQuestionFamily,
  // Last: it reads only yes/no questions about one node that no family above understood.
  nodeValueCheckFamily,
];

type RegisteredFamily = (typeof families)[number];

/** One read-only analysis a question asks for: the intent of one of the families. */
export type AnalysisIntent = Parameters<RegisteredFamily["plan"]>[1];

/** The kind of analysis a family plans. */
export type AnalysisKind = AnalysisIntent["kind"];

/**
 * The analyses a question asks for, in the order they should be answered: the reading of the
 * first family that reads it; empty when none does (the caller then tries graph info,
 * deliverables or the refusal).
 */
export function readAnalyses(question: string): AnalysisIntent[] {
  const text = readQuestionText(question);
  for (const family of families) {
    const analyses = family.read(text);
    if (analyses) return analyses;
  }
  return [];
}

function familyOf<Intent extends AnalysisIntent>(intent: Intent): Family<Intent> {
  const family = families.find((entry) => entry.kind === intent.kind);
  // One family per kind (families.test.ts), so the kind names this intent's family; TypeScript
  // cannot follow a lookup by kind from the union to its member.
  return family as unknown as Family<Intent>;
}

/**
 * One analysis's next step on the verified graph. A family that declines once it has seen the
 * schema hands the question on: the families after it read it, in order, as if it had not.
 */
export function planFamily(context: PlanContext, intent: AnalysisIntent): PlanOutcome {
  const family = familyOf(intent);
  const outcome = family.plan(context, intent);
  if (outcome.kind !== "declined") return outcome;
  const text = readQuestionText(context.reading.question);
  for (const later of families.slice(families.indexOf(family as never) + 1)) {
    const analyses = later.read(text);
    if (analyses?.[0]) return planFamily(context, analyses[0]);
  }
  return { kind: "done", part: cannotPlanPart({ phrases: context.phrases }) };
}

/** The title of an answer to this analysis, in the question's language. */
export function familyTitle(intent: AnalysisIntent, language: "en" | "zh"): string {
  const title = familyOf(intent).title[language];
  return typeof title === "string" ? title : title(intent);
}
