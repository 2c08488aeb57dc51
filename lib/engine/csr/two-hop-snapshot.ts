import { checkpoint, checkpointMask } from "../algorithms/work-checkpoint";
import type { WorkControl } from "../cancel-signal";
import { EngineError } from "../engine-error";
import { buildCsrFromEdges } from "./build-csr";
import type { CsrGraph } from "./csr-graph";
import { undirectedViewOf } from "./undirected-view";

/** More derived edges than this is PAYLOAD_TOO_LARGE rather than a process out of memory. */
const maxTwoHopEdges = 20_000_000;

/**
 * The snapshot of the same nodes joined by "two hops through a via node" edges: each `from`
 * node is linked, once, to every node reached through one of its `via` neighbours, except
 * other `from` and `via` nodes. In a shop, customers (from) reach the products (features) of
 * their orders (via), so customers can be compared by what they buy even though no two share
 * an order. Direction is ignored (the result is undirected and unweighted); node indices stay
 * those of `csr`. Built on shared memory like any snapshot, so one built in a kernel worker
 * comes back without a copy.
 */
export function twoHopSnapshot({
  csr,
  from,
  via,
  control,
}: {
  csr: CsrGraph;
  /** 0/1 per node index: the compared nodes. */
  from: Uint8Array;
  /** 0/1 per node index: the nodes the two hops go through. */
  via: Uint8Array;
  control?: WorkControl;
}): CsrGraph {
  const { offsets, neighbours } = undirectedViewOf(csr).outgoing;
  const n = csr.nodeCount;
  // Read once: an imported binding can compile to a getter call, too dear in a hot loop.
  const mask = checkpointMask;
  const seenBy = new Int32Array(n).fill(-1);
  let sources = new Int32Array(1024);
  let targets = new Int32Array(1024);
  let count = 0;
  let step = 0;
  for (let u = 0; u < n; u++) {
    if (from[u] === 0) continue;
    for (let i = offsets[u]; i < offsets[u + 1]; i++) {
      const w = neighbours[i];
      if (via[w] === 0) continue;
      // One check per few thousand via nodes walked (each a whole neighbour list).
      if ((++step & mask) === 1) checkpoint(control, u / n, "two-hop links");
      for (let j = offsets[w]; j < offsets[w + 1]; j++) {
        const p = neighbours[j];
        if (from[p] === 1 || via[p] === 1 || seenBy[p] === u) continue;
        seenBy[p] = u;
        if (count === sources.length) {
          if (count >= maxTwoHopEdges) {
            throw new EngineError(
              "PAYLOAD_TOO_LARGE",
              `More than ${maxTwoHopEdges} two-hop links; filter the compared nodes first.`,
            );
          }
          const grownSources = new Int32Array(count * 2);
          grownSources.set(sources);
          sources = grownSources;
          const grownTargets = new Int32Array(count * 2);
          grownTargets.set(targets);
          targets = grownTargets;
        }
        sources[count] = u;
        targets[count] = p;
        count++;
      }
    }
  }
  return buildCsrFromEdges({
    nodeCount: n,
    sources: sources.subarray(0, count),
    targets: targets.subarray(0, count),
    weights: null,
    directed: false,
  });
}
