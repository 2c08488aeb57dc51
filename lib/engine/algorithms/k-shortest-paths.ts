import type { WorkControl } from "../cancel-signal";
import type { CsrGraph } from "../csr/csr-graph";
import { EngineError } from "../engine-error";
import { assertWeightedGraph } from "./assert-weighted-graph";
import { assertNonNegativeWeights } from "./link-weights";
import { assertNodeIndex } from "./shortest-path-result";
import { SpurPathSearch } from "./spur-path-search";
import { WorkPacer } from "./work-pacer";

/** The largest k a caller may ask for: each path costs up to one search per node on it. */
export const maximumPathCount = 100;

/** One simple path of a ranking. */
export type RankedPath = {
  /** Node indices from source to target inclusive. */
  nodes: number[];
  /** Number of edges. */
  length: number;
  /** Sum of edge distances (the lightest of parallel edges); equals `length` unweighted. */
  distance: number;
};

/** The k shortest simple paths, shortest first; fewer when fewer exist, none when unreachable. */
export type KShortestPathsResult = {
  paths: RankedPath[];
  weighted: boolean;
};

type Candidate = { nodes: number[]; distance: number; order: number };

/**
 * Yen's k shortest simple (loopless) paths from source to target, as NetworkX's
 * `shortest_simple_paths` (first k): by hop count, or by summed edge distance when `weighted`
 * (the lightest of parallel edges; negative weights are INVALID_REQUEST). Directed graphs are
 * followed along their edges. Each spur search is a bidirectional BFS / Dijkstra that skips
 * banned nodes and edges through marker arrays. Paths of equal distance come in the order they
 * were found, which may differ from NetworkX's; the distances per rank are the same.
 */
export async function kShortestPaths({
  csr,
  source,
  target,
  k,
  weighted = false,
  control,
}: {
  csr: CsrGraph;
  source: number;
  target: number;
  k: number;
  weighted?: boolean;
  control?: WorkControl;
}): Promise<KShortestPathsResult> {
  assertNodeIndex(csr, source, "source");
  assertNodeIndex(csr, target, "target");
  if (!Number.isInteger(k) || k < 1 || k > maximumPathCount) {
    throw new EngineError(
      "INVALID_REQUEST",
      `k must be a whole number from 1 to ${maximumPathCount} (got ${k}).`,
    );
  }
  if (weighted) {
    assertWeightedGraph({ adjacency: csr.outgoing, algorithm: "k shortest paths" });
    assertNonNegativeWeights(csr.outgoing.distances, "k shortest paths");
  }
  const pacer = new WorkPacer(control);
  await pacer.checkpoint(0, "k-shortest-paths");
  const search = new SpurPathSearch({ csr, weighted, control });
  const first = search.shortestPath(source, target);
  if (!first) return { paths: [], weighted };
  const accepted: number[][] = [];
  const paths: RankedPath[] = [];
  const candidates: Candidate[] = [{ ...first, order: 0 }];
  // Every path ever queued, so a path found again from another spur node is not ranked twice.
  const queued = new Set<string>([first.nodes.join(",")]);
  let order = 1;
  while (paths.length < k && candidates.length > 0) {
    const next = takeShortest(candidates);
    accepted.push(next.nodes);
    paths.push({ nodes: next.nodes, length: next.nodes.length - 1, distance: next.distance });
    if (paths.length === k) break;
    search.clearBans();
    const previous = next.nodes;
    let rootDistance = 0;
    for (let i = 1; i < previous.length; i++) {
      // The root is previous[0, i); the spur search leaves from its last node.
      const spurNode = previous[i - 1];
      for (const path of accepted) {
        if (path.length > i && sharesRoot(path, previous, i)) search.banEdge(path[i - 1], path[i]);
      }
      const spur = search.shortestPath(spurNode, target);
      if (spur) {
        const nodes = previous.slice(0, i - 1).concat(spur.nodes);
        const key = nodes.join(",");
        if (!queued.has(key)) {
          queued.add(key);
          candidates.push({ nodes, distance: rootDistance + spur.distance, order: order++ });
        }
      }
      search.banNode(spurNode);
      rootDistance += search.edgeDistance(previous[i - 1], previous[i]);
      await pacer.checkpoint((paths.length + i / previous.length) / k, "k-shortest-paths");
    }
  }
  return { paths, weighted };
}

/** True when the first `length` nodes of the two paths are the same. */
function sharesRoot(path: number[], other: number[], length: number): boolean {
  for (let j = 0; j < length; j++) if (path[j] !== other[j]) return false;
  return true;
}

/** Removes and returns the shortest candidate, the earliest found among equals. */
function takeShortest(candidates: Candidate[]): Candidate {
  // At most k × (path length) candidates: a linear scan per rank is cheaper than a heap's
  // bookkeeping at this size.
  let best = 0;
  for (let i = 1; i < candidates.length; i++) {
    const c = candidates[i];
    const b = candidates[best];
    if (c.distance < b.distance || (c.distance === b.distance && c.order < b.order)) best = i;
  }
  const [chosen] = candidates.splice(best, 1);
  return chosen;
}
