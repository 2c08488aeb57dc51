import type { CsrGraph } from "../csr/csr-graph";
import { undirectedViewOf } from "../csr/undirected-view";
import { EngineError } from "../engine-error";

/** Distinct neighbours of every node, both directions merged, self-loops dropped. */
export type SimpleNeighbourhood = {
  /** Length nodeCount + 1; the degree of v is offsets[v + 1] − offsets[v]. */
  offsets: Int32Array;
  neighbours: Int32Array;
};

// Snapshots are immutable, so one neighbourhood per snapshot never goes stale.
const cache = new WeakMap<CsrGraph, SimpleNeighbourhood>();

/**
 * The neighbourhood that node similarity and link prediction are defined on (NetworkX's
 * functions take simple undirected graphs): the undirected view's entries without self-loops.
 * Shares the view's arrays when there is no self-loop; cached per snapshot.
 */
export function simpleNeighbourhoodOf({ csr }: { csr: CsrGraph }): SimpleNeighbourhood {
  const cached = cache.get(csr);
  if (cached) return cached;
  const { offsets, neighbours } = undirectedViewOf(csr).outgoing;
  let neighbourhood: SimpleNeighbourhood = { offsets, neighbours };
  if (csr.selfLoopCount > 0) {
    const n = csr.nodeCount;
    const keptOffsets = new Int32Array(n + 1);
    const kept = new Int32Array(neighbours.length);
    let write = 0;
    for (let u = 0; u < n; u++) {
      keptOffsets[u] = write;
      for (let i = offsets[u]; i < offsets[u + 1]; i++) {
        if (neighbours[i] !== u) kept[write++] = neighbours[i];
      }
    }
    keptOffsets[n] = write;
    neighbourhood = { offsets: keptOffsets, neighbours: kept.slice(0, write) };
  }
  cache.set(csr, neighbourhood);
  return neighbourhood;
}

/** INVALID_REQUEST unless `allowed` is absent or has one entry per node. */
export function assertNodeMask({
  csr,
  allowed,
}: {
  csr: CsrGraph;
  allowed: Uint8Array | undefined;
}): void {
  if (allowed === undefined || allowed.length === csr.nodeCount) return;
  throw new EngineError(
    "INVALID_REQUEST",
    `The allowed mask has ${allowed.length} entries for ${csr.nodeCount} nodes.`,
  );
}
