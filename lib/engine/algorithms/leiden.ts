import type { WorkControl } from "../cancel-signal";
import type { CsrGraph } from "../csr/csr-graph";
import { undirectedViewOf } from "../csr/undirected-view";
import { type LouvainResult, louvain } from "./louvain";
import { modularity } from "./modularity";
import { WorkPacer } from "./work-pacer";

/** Leiden's partition, plus how many of Louvain's communities had to be split. */
export type LeidenResult = LouvainResult & {
  /** Communities of the optimised partition that were disconnected and got split. */
  splitCommunities: number;
};

/**
 * Leiden community detection: Louvain with Leiden's refinement before every aggregation
 * (`refinement: "leiden"`, whatever the graph size), then every community that is not
 * connected is split into its connected parts. The split is needed: the refinement keeps the
 * aggregated communities connected, but the local moves that project the partition back down
 * the levels can still take a cut vertex out of a community (measured: 1–12 disconnected
 * communities per 30 seeds on sparse random graphs of 500–5,000 nodes). Splitting never lowers
 * modularity — no edge joins the parts, and (a + b)² ≥ a² + b² in the expected term — so every
 * community returned induces a connected subgraph (of the undirected view for directed graphs).
 */
export async function leiden({
  csr,
  resolution = 1,
  seed = 42,
  weighted = false,
  threshold = 1e-7,
  maxLevels = 32,
  control,
}: {
  csr: CsrGraph;
  resolution?: number;
  seed?: number;
  weighted?: boolean;
  threshold?: number;
  maxLevels?: number;
  control?: WorkControl;
}): Promise<LeidenResult> {
  const optimised = await louvain({
    csr,
    resolution,
    seed,
    weighted,
    threshold,
    maxLevels,
    refinement: "leiden",
    control,
  });
  await new WorkPacer(control).pace();
  const { communityOf, count, splitCommunities } = splitIntoConnectedParts(
    undirectedViewOf(csr),
    optimised.communityOf,
    optimised.count,
  );
  if (splitCommunities === 0) return { ...optimised, splitCommunities };
  return {
    communityOf,
    count,
    modularity: modularity({ csr, communityOf, resolution, weighted }),
    levels: optimised.levels,
    splitCommunities,
  };
}

/**
 * Relabels every connected part of every community as a community of its own, numbered by
 * lowest member, by a BFS that only follows edges inside the community.
 */
function splitIntoConnectedParts(
  view: CsrGraph,
  labels: Int32Array,
  labelCount: number,
): { communityOf: Int32Array; count: number; splitCommunities: number } {
  const n = view.nodeCount;
  const { offsets, neighbours } = view.outgoing;
  const communityOf = new Int32Array(n).fill(-1);
  const queue = new Int32Array(n);
  // Parts found per original community: a second part means the community was disconnected.
  const parts = new Int32Array(labelCount);
  let count = 0;
  let splitCommunities = 0;
  for (let root = 0; root < n; root++) {
    if (communityOf[root] !== -1) continue;
    const label = labels[root];
    if (++parts[label] === 2) splitCommunities++;
    const part = count++;
    communityOf[root] = part;
    queue[0] = root;
    let tail = 1;
    for (let head = 0; head < tail; head++) {
      const u = queue[head];
      for (let i = offsets[u], end = offsets[u + 1]; i < end; i++) {
        const v = neighbours[i];
        if (communityOf[v] !== -1 || labels[v] !== label) continue;
        communityOf[v] = part;
        queue[tail++] = v;
      }
    }
  }
  return { communityOf, count, splitCommunities };
}
