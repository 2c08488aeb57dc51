import type { PlanContext } from "../planning/plan-types";
import type { Phrases } from "../reading/phrases";
import { type AnswerBlock, type AnswerPart, emptyPart } from "./answer-document";
import { formatFigure } from "./format-figures";
import {
  type CentralityData,
  type CommunityData,
  type NeighboursData,
  nodeName,
} from "./result-shapes";

type Candidate = CentralityData["top"][number];

type BridgeRow = {
  node: Candidate;
  community: number | undefined;
  /** Communities of the node and its neighbours; null when they could not be read. */
  reached: number[] | null;
  neighboursChecked: string;
};

function bridgeRows(input: {
  candidates: Candidate[];
  neighbourhoods: Map<string, NeighboursData>;
  membership: CommunityData | null;
}): BridgeRow[] {
  const communityOf = new Map(
    (input.membership?.node_communities ?? []).map((node) => [node.id, node.community]),
  );
  return input.candidates.map((node) => {
    const community = communityOf.get(node.id);
    const neighbourhood = input.neighbourhoods.get(node.id);
    if (!neighbourhood || !input.membership) {
      return { node, community, reached: null, neighboursChecked: "?" };
    }
    const reached = new Set<number>(community === undefined ? [] : [community]);
    for (const neighbour of neighbourhood.neighbours) {
      const other = communityOf.get(neighbour.id);
      if (other !== undefined) reached.add(other);
    }
    const count = neighbourhood.neighbours.length;
    return {
      node,
      community,
      reached: [...reached].sort((a, b) => a - b),
      neighboursChecked: neighbourhood.truncated ? `${count}+` : String(count),
    };
  });
}

/** The conclusion: who bridges, in betweenness order, or why that cannot be said. */
function conclusion(input: {
  phrases: Phrases;
  rows: BridgeRow[];
  membershipKnown: boolean;
  nodeType: string | null;
}): string {
  const { phrases: p, rows } = input;
  const describe = (row: BridgeRow) =>
    p.bridgeLeader({
      node: nodeName(row.node),
      betweenness: formatFigure(row.node.score),
      communities: row.reached?.length,
    });
  const bridges = rows.filter((row) => row.reached !== null && row.reached.length >= 2);
  if (rows.length === 0) return p.centralityEmpty(p.measureName("betweenness"), input.nodeType);
  if (!input.membershipKnown) return p.bridgingWithoutMembership(rows.slice(0, 3).map(describe));
  if (bridges.length === 0) return p.bridgingNone(rows.length);
  return p.bridgingSummary({
    bridges: bridges.length,
    candidates: rows.length,
    leaders: bridges.slice(0, 3).map(describe),
  });
}

function table(phrases: Phrases, rows: BridgeRow[]): AnswerBlock {
  const p = phrases;
  return {
    kind: "table",
    columns: [
      p.columnRank,
      p.columnNode,
      p.columnType,
      p.measureName("betweenness"),
      p.columnCommunity,
      p.columnCommunitiesReached,
      p.columnNeighboursChecked,
    ],
    rows: rows.map((row) => [
      String(row.node.rank),
      nodeName(row.node),
      row.node.type ?? "",
      formatFigure(row.node.score),
      row.community === undefined ? "?" : `#${row.community}`,
      row.reached === null
        ? "?"
        : `${row.reached.length} (${row.reached.map((id) => `#${id}`).join(", ")})`,
      row.neighboursChecked,
    ]),
  };
}

/** The bridging answer: who connects several communities, with betweenness and reach. */
export function writeBridging(input: {
  context: PlanContext;
  ranking: CentralityData;
  candidates: Candidate[];
  communities: CommunityData;
  neighbourhoods: Map<string, NeighboursData>;
  membership: CommunityData | null;
  nodeType: string | null;
  neighbourLimit: number;
  sources: string[];
}): AnswerPart {
  const { context, communities, nodeType } = input;
  const p = context.phrases;
  const part = emptyPart({ succeeded: true });
  part.sources.push(...input.sources);
  const rows = bridgeRows(input);
  // The answer first (who bridges), then the partition it was measured against.
  part.summary.push(
    conclusion({ phrases: p, rows, membershipKnown: input.membership !== null, nodeType }),
    p.bridgingPartition({
      count: communities.community_count,
      modularity: formatFigure(communities.modularity),
      largest: communities.communities
        .slice(0, 5)
        .map((item) => `#${item.community} (${item.size})`),
    }),
  );
  if (rows.length > 0) {
    part.sections.push({ heading: p.bridgingHeading(nodeType), blocks: [table(p, rows)] });
  }
  part.notes.push(p.noteBridgingMethod(input.neighbourLimit), p.noteBridgingInference);
  if (nodeType) {
    part.notes.push(p.noteTypeFilter(nodeType, input.ranking.top.length, rows.length));
  }
  if (rows.some((row) => row.neighboursChecked.endsWith("+"))) {
    part.notes.push(p.noteNeighbourSample);
  }
  part.rounded = true;
  part.sizeBy = "betweenness";
  part.focusNodeIds = [
    ...new Set([
      ...rows.map((row) => row.node.id),
      ...[...input.neighbourhoods.values()].flatMap((data) =>
        data.neighbours.map((node) => node.id),
      ),
    ]),
  ].slice(0, 300);
  return part;
}
