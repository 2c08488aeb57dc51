import type { CsrGraph } from "../csr/csr-graph";
import { EngineError } from "../engine-error";

/** A point-to-point shortest path by node indices. */
export type ShortestPathResult = {
  found: boolean;
  /** Nodes from source to target inclusive; empty when not found. */
  path: number[];
  /** Number of edges on the path; null when not found. */
  length: number | null;
  /** Sum of edge weights on the path (= length when unweighted); null when not found. */
  distance: number | null;
};

/** Walks a predecessor array back from target to source. */
export function pathFromPredecessors({
  predecessors,
  source,
  target,
}: {
  predecessors: Int32Array;
  source: number;
  target: number;
}): number[] {
  const path: number[] = [target];
  let node = target;
  while (node !== source) {
    node = predecessors[node];
    path.push(node);
  }
  return path.reverse();
}

/** INVALID_REQUEST unless the index names a node of the snapshot. */
export function assertNodeIndex(csr: CsrGraph, node: number, role: string): void {
  if (!Number.isInteger(node) || node < 0 || node >= csr.nodeCount) {
    throw new EngineError("INVALID_REQUEST", `The ${role} node index ${node} is out of range.`);
  }
}
