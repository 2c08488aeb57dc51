import { matchNodeType } from "../reading/node-type-match";
import { type CallState, resolveCall } from "../steps/call-resolution";
import { type AnswerPart, emptyPart } from "../writing/answer-document";
import { failurePart } from "../writing/failure-part";
import {
  type CentralityData,
  type CommunityData,
  centralityDataSchema,
  communityDataSchema,
  type NeighboursData,
  neighboursDataSchema,
  readData,
} from "../writing/result-shapes";
import { writeBridging } from "../writing/write-bridging";
import { centralityCall, centralityNotes, rankedNodes } from "./plan-centrality";
import { writeCommunities } from "./plan-communities";
import type { PlanContext, PlannedCall, PlanOutcome } from "./plan-types";
import { unexpectedResultPart } from "./single-call-plan";

/** Neighbours read per candidate: enough to see which communities it touches, bounded. */
export const bridgingNeighbourLimit = 50;
// community_detection accepts at most 1000 node ids.
const membershipIdLimit = 1000;

function failed(context: PlanContext, state: CallState): AnswerPart | null {
  return state.state === "failed"
    ? failurePart({ step: state.step, steps: context.reading.steps, phrases: context.phrases })
    : null;
}

function merge(parts: AnswerPart[]): AnswerPart {
  const part = emptyPart({ succeeded: parts.some((item) => item.succeeded) });
  for (const item of parts) {
    part.summary.push(...item.summary);
    part.sections.push(...item.sections);
    part.sources.push(...item.sources);
    part.notes.push(...item.notes);
    part.rounded = part.rounded || item.rounded;
  }
  return part;
}

type Evidence = {
  ranking: CentralityData;
  communities: CommunityData;
  candidates: CentralityData["top"];
};

/** Batch 1: betweenness and the partition, asked for together. */
function rankingAndPartition(input: {
  context: PlanContext;
  centrality: PlannedCall;
  partition: PlannedCall;
  nodeType: string | null;
  topK: number;
}): { kind: "evidence"; evidence: Evidence } | { kind: "outcome"; outcome: PlanOutcome } {
  const { context, centrality, partition } = input;
  const { steps } = context.reading;
  const [centralityState, partitionState] = [centrality, partition].map((call) =>
    resolveCall({ steps, call }),
  );
  const todo = [centrality, partition].filter(
    (_, i) => [centralityState, partitionState][i].state === "todo",
  );
  if (todo.length > 0) return { kind: "outcome", outcome: { kind: "pending", calls: todo } };
  if (centralityState.state !== "done" || partitionState.state !== "done") {
    // Whatever finished stays valid evidence beside the failure (DAG-4).
    const parts = [failed(context, centralityState), failed(context, partitionState)];
    const data =
      partitionState.state === "done"
        ? readData(communityDataSchema, partitionState.envelope)
        : null;
    if (data) {
      const source = `community_detection ${JSON.stringify(partition.input)}`;
      parts.push(writeCommunities({ context, data, source }));
    }
    const part = merge(parts.filter((item): item is AnswerPart => item !== null));
    return { kind: "outcome", outcome: { kind: "done", part } };
  }
  const ranking = readData(centralityDataSchema, centralityState.envelope);
  const communities = readData(communityDataSchema, partitionState.envelope);
  if (!ranking || !communities) {
    const toolName = ranking ? "community_detection" : "node_centrality";
    const part = unexpectedResultPart({ context, toolName });
    return { kind: "outcome", outcome: { kind: "done", part } };
  }
  const candidates = rankedNodes({ data: ranking, nodeType: input.nodeType, topK: input.topK });
  return { kind: "evidence", evidence: { ranking, communities, candidates } };
}

/** Batch 2: the neighbours of every candidate; unreadable ones are simply left out. */
function neighbourhoodsOf(input: {
  context: PlanContext;
  candidates: CentralityData["top"];
}):
  | { kind: "pending"; calls: PlannedCall[] }
  | { kind: "read"; data: Map<string, NeighboursData> } {
  const { steps } = input.context.reading;
  const calls: PlannedCall[] = input.candidates.map((node) => ({
    toolName: "get_neighbors",
    input: { node_id: node.id, depth: 1, limit: bridgingNeighbourLimit },
  }));
  const states = calls.map((call) => resolveCall({ steps, call }));
  const todo = calls.filter((_, i) => states[i].state === "todo");
  if (todo.length > 0) return { kind: "pending", calls: todo };
  const data = new Map<string, NeighboursData>();
  states.forEach((state, i) => {
    const read = state.state === "done" ? readData(neighboursDataSchema, state.envelope) : null;
    if (read) data.set(input.candidates[i].id, read);
  });
  return { kind: "read", data };
}

/**
 * "Key nodes that connect several communities" (AF-4, SS-5), in three batches:
 * 1. betweenness centrality and Louvain communities together (independent reads, one turn);
 * 2. the neighbours of each top candidate;
 * 3. the community of every candidate and neighbour (same Louvain seed, so the same partition).
 * A node bridges when its neighbours fall in several communities; figures come from the results.
 */
export function planBridging(input: { context: PlanContext; topK: number }): PlanOutcome {
  const { context, topK } = input;
  const nodeType = matchNodeType({
    question: context.reading.question,
    nodeTypes: context.graph.description.node_types,
  });
  const centrality = centralityCall({ measure: "betweenness", topK, nodeType, undirected: true });
  const partition: PlannedCall = {
    toolName: "community_detection",
    input: { algorithm: "louvain" },
  };
  const first = rankingAndPartition({ context, centrality, partition, nodeType, topK });
  if (first.kind === "outcome") return first.outcome;
  const { ranking, communities, candidates } = first.evidence;

  const neighbours = neighbourhoodsOf({ context, candidates });
  if (neighbours.kind === "pending") return neighbours;
  const neighbourhoods = neighbours.data;

  const ids = [
    ...new Set([
      ...candidates.map((node) => node.id),
      ...[...neighbourhoods.values()].flatMap((data) => data.neighbours.map((node) => node.id)),
    ]),
  ].slice(0, membershipIdLimit);
  const membership: PlannedCall = {
    toolName: "community_detection",
    input: { algorithm: "louvain", node_ids: ids },
  };
  const membershipState = resolveCall({ steps: context.reading.steps, call: membership });
  if (membershipState.state === "todo" && ids.length > 0) {
    return { kind: "pending", calls: [membership] };
  }
  const membershipData =
    membershipState.state === "done"
      ? readData(communityDataSchema, membershipState.envelope)
      : null;

  const part = writeBridging({
    context,
    ranking,
    candidates,
    communities,
    neighbourhoods,
    membership: membershipData,
    nodeType,
    neighbourLimit: bridgingNeighbourLimit,
    sources: [
      `node_centrality ${JSON.stringify(centrality.input)}`,
      `community_detection ${JSON.stringify(partition.input)}`,
      `get_neighbors ×${neighbourhoods.size} {"depth":1,"limit":${bridgingNeighbourLimit}}`,
      `community_detection {"algorithm":"louvain","node_ids":[${ids.length}]}`,
    ],
  });
  part.notes.push(...centralityNotes({ data: ranking, context }));
  const membershipFailure = failed(context, membershipState);
  return { kind: "done", part: membershipFailure ? merge([part, membershipFailure]) : part };
}
