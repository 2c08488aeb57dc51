import type { CsrGraph } from "../csr/csr-graph";
import { undirectedViewOf } from "../csr/undirected-view";
import { EngineError } from "../engine-error";
import type { GraphData } from "./graph-data";

/** More derived edges than this is PAYLOAD_TOO_LARGE rather than a process out of memory. */
const maxTwoHopEdges = 20_000_000;

/**
 * The same nodes joined by "two hops through a via node" edges: each `from` node is linked,
 * once, to every node reached through one of its `via` neighbours, except other `from` and
 * `via` nodes. In a shop, customers (from) reach the products (features) of their orders
 * (via), so customers can be compared by what they buy even though no two share an order.
 * Direction is ignored; node indices, ids and properties stay those of `graph`.
 */
export function twoHopGraph({
  graph,
  csr,
  from,
  via,
}: {
  graph: GraphData;
  csr: CsrGraph;
  from: Uint8Array;
  via: Uint8Array;
}): GraphData {
  const { offsets, neighbours } = undirectedViewOf(csr).outgoing;
  const n = csr.nodeCount;
  const seenBy = new Int32Array(n).fill(-1);
  let sources = new Int32Array(1024);
  let targets = new Int32Array(1024);
  let count = 0;
  for (let u = 0; u < n; u++) {
    if (from[u] === 0) continue;
    for (let i = offsets[u]; i < offsets[u + 1]; i++) {
      const w = neighbours[i];
      if (via[w] === 0) continue;
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
  return {
    ...graph,
    directed: false,
    edgeSources: sources.slice(0, count),
    edgeTargets: targets.slice(0, count),
    edgeWeights: null,
    edgeWeightColumn: undefined,
    edgeTypeIndex: new Uint16Array(count),
    edgeTypeNames: ["two-hop"],
    edgeProperties: new Array(count).fill(null),
  };
}
