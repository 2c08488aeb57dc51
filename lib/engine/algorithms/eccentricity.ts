import type { WorkControl } from "../cancel-signal";
import type { CsrGraph } from "../csr/csr-graph";
import { undirectedViewOf } from "../csr/undirected-view";
import { BatchEccentricity, batchSize } from "./batch-eccentricity";
import { connectedComponents } from "./connected-components";
import { boundEccentricities } from "./eccentricity-bounds";
import { HopSearch } from "./hop-search";
import { assertNodeIndex } from "./shortest-path-result";
import { WorkPacer } from "./work-pacer";

/** Eccentricities by node index (−1 where not asked for) and the searches they took. */
export type EccentricityResult = {
  eccentricities: Int32Array;
  /** Single-source searches run. */
  searches: number;
  /** 128-source batch searches run. */
  batches: number;
};

/** Components up to this size skip the bounding and go straight to batch searches. */
const smallComponent = batchSize;

/**
 * Eccentricity of each node within its own connected component — nx.eccentricity of each
 * component's subgraph — in hops on the undirected view (direction, weights, parallel edges
 * and self-loops ignored; an isolated node has 0). Without `nodes`, every node's, by
 * Takes & Kosters' bounds and 128-source batch searches (eccentricity-bounds.ts); with
 * `nodes`, only theirs, by batch searches.
 */
export async function eccentricities({
  csr,
  nodes,
  control,
}: {
  csr: CsrGraph;
  nodes?: ArrayLike<number>;
  control?: WorkControl;
}): Promise<EccentricityResult> {
  const n = csr.nodeCount;
  const values = new Int32Array(n).fill(-1);
  const pacer = new WorkPacer(control);
  await pacer.checkpoint(0, "eccentricity");
  const batch = new BatchEccentricity({ csr });
  if (nodes) {
    for (let k = 0; k < nodes.length; k++) assertNodeIndex(csr, nodes[k], "eccentricity");
    const batches = await batchInto({ batch, sources: nodes, values, pacer });
    return { eccentricities: values, searches: 0, batches };
  }
  const view = undirectedViewOf(csr);
  const { componentOf, count, sizes } = connectedComponents({ csr: view });
  // Members of each component, grouped by a counting sort.
  const begin = new Int32Array(count + 1);
  for (let c = 0; c < count; c++) begin[c + 1] = begin[c] + sizes[c];
  const members = new Int32Array(n);
  const fill = begin.slice(0, count);
  for (let u = 0; u < n; u++) members[fill[componentOf[u]]++] = u;
  const searches = { search: new HopSearch({ csr: view }), batch };
  const result: EccentricityResult = { eccentricities: values, searches: 0, batches: 0 };
  // Sources of different components can share a batch: each lane stays in its own component.
  const small: number[] = [];
  const lower = new Int32Array(n);
  const upper = new Int32Array(n);
  for (let c = 0; c < count; c++) {
    const group = members.subarray(begin[c], begin[c + 1]);
    if (group.length <= smallComponent) {
      for (let k = 0; k < group.length; k++) small.push(group[k]);
      continue;
    }
    const bounds = await boundEccentricities({
      csr: view,
      members: group,
      goal: "all",
      searches,
      pacer,
      lower,
      upper,
    });
    for (let k = 0; k < group.length; k++) values[group[k]] = bounds.lower[group[k]];
    result.searches += bounds.searches;
    result.batches += bounds.batches;
  }
  result.batches += await batchInto({ batch, sources: small, values, pacer });
  return result;
}

/** Exact eccentricities of `sources` into `values`, 128 at a time; returns the batch count. */
async function batchInto({
  batch,
  sources,
  values,
  pacer,
}: {
  batch: BatchEccentricity;
  sources: ArrayLike<number>;
  values: Int32Array;
  pacer: WorkPacer;
}): Promise<number> {
  const lanes = new Int32Array(batchSize);
  let batches = 0;
  for (let start = 0; start < sources.length; start += batchSize) {
    await pacer.checkpoint(start / sources.length, "eccentricity");
    const count = Math.min(batchSize, sources.length - start);
    for (let k = 0; k < count; k++) lanes[k] = sources[start + k];
    const found = await batch.run({ sources: lanes.subarray(0, count), pacer });
    batches++;
    for (let k = 0; k < count; k++) values[lanes[k]] = found[k];
  }
  return batches;
}
