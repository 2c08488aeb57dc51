import type { WorkControl } from "../cancel-signal";
import type { CsrGraph } from "../csr/csr-graph";
import { undirectedViewOf } from "../csr/undirected-view";
import { EngineError } from "../engine-error";
import { BatchEccentricity, batchSize } from "./batch-eccentricity";
import { connectedComponents } from "./connected-components";
import { boundEccentricities } from "./eccentricity-bounds";
import { HopSearch } from "./hop-search";
import { createRandom } from "./seeded-random";
import { WorkPacer } from "./work-pacer";

/** Which component the distance figures describe. */
export type MeasuredComponent = {
  /** Nodes in the largest connected component (the one measured). */
  componentSize: number;
  /** Its lowest node index, which names it (ties in size go to the lower index). */
  componentFirstNode: number;
  componentCount: number;
  /** True when the graph is one component (an empty graph counts as connected). */
  connected: boolean;
};

/** Exact diameter and radius of the largest component, and the searches they took. */
export type DiameterRadius = MeasuredComponent & {
  diameter: number;
  radius: number;
  searches: number;
  batches: number;
};

/** Average shortest-path length of the largest component, exact or from sampled sources. */
export type AveragePathLength = MeasuredComponent & {
  value: number;
  exact: boolean;
  /** Sources searched from: the whole component when exact. */
  sampleSize: number;
};

/** Every distance figure of the largest component. */
export type DistanceMetrics = DiameterRadius & { averageShortestPathLength: AveragePathLength };

/**
 * Exact search from every source while component nodes × component edges stays within this
 * (about 1 s on one core: batch searches cover ~5e9 source-arcs per second on a 1M-edge
 * graph); past it the average is estimated from sampled sources.
 */
export const defaultExactWorkLimit = 2e9;
/** Sources sampled when the exact average would be too slow: eight batch searches. */
export const defaultSampleSize = 8 * batchSize;

type Largest = { component: MeasuredComponent; members: Int32Array; edges: number };

/**
 * Exact diameter and radius (hops, undirected view, self-loops and parallel edges ignored) of
 * the largest connected component — nx.diameter / nx.radius of that subgraph — by bounds
 * (eccentricity-bounds.ts), not a search from every node.
 */
export async function diameterAndRadius({
  csr,
  control,
}: {
  csr: CsrGraph;
  control?: WorkControl;
}): Promise<DiameterRadius> {
  const pacer = new WorkPacer(control);
  await pacer.checkpoint(0, "diameter");
  const largest = largestComponent(csr);
  return measureExtremes(csr, largest, pacer);
}

/**
 * nx.average_shortest_path_length of the largest connected component (hops, undirected
 * view): exact while nodes × edges ≤ `exactWorkLimit`, else the mean distance from
 * `sampleSize` seeded random sources (`exact: false`).
 */
export async function averageShortestPathLength({
  csr,
  control,
  exactWorkLimit = defaultExactWorkLimit,
  sampleSize = defaultSampleSize,
  seed = 1,
}: {
  csr: CsrGraph;
  control?: WorkControl;
  exactWorkLimit?: number;
  sampleSize?: number;
  seed?: number;
}): Promise<AveragePathLength> {
  const pacer = new WorkPacer(control);
  await pacer.checkpoint(0, "average path length");
  const largest = largestComponent(csr);
  return measureAverage(csr, largest, { exactWorkLimit, sampleSize, seed }, pacer);
}

/** Diameter, radius and average shortest-path length of the largest component, at once. */
export async function distanceMetrics({
  csr,
  control,
  exactWorkLimit = defaultExactWorkLimit,
  sampleSize = defaultSampleSize,
  seed = 1,
}: {
  csr: CsrGraph;
  control?: WorkControl;
  exactWorkLimit?: number;
  sampleSize?: number;
  seed?: number;
}): Promise<DistanceMetrics> {
  const pacer = new WorkPacer(control);
  await pacer.checkpoint(0, "distance metrics");
  const largest = largestComponent(csr);
  const extremes = await measureExtremes(csr, largest, pacer);
  const options = { exactWorkLimit, sampleSize, seed };
  const average = await measureAverage(csr, largest, options, pacer);
  return { ...extremes, averageShortestPathLength: average };
}

function largestComponent(csr: CsrGraph): Largest {
  const view = undirectedViewOf(csr);
  const { componentOf, count, sizes } = connectedComponents({ csr: view });
  let best = 0;
  for (let c = 1; c < count; c++) if (sizes[c] > sizes[best]) best = c;
  const members = new Int32Array(count === 0 ? 0 : sizes[best]);
  const { offsets } = view.outgoing;
  let write = 0;
  let arcs = 0;
  for (let u = 0; u < csr.nodeCount; u++) {
    if (componentOf[u] !== best) continue;
    members[write++] = u;
    arcs += offsets[u + 1] - offsets[u];
  }
  return {
    members,
    edges: arcs / 2,
    component: {
      componentSize: members.length,
      componentFirstNode: members.length > 0 ? members[0] : -1,
      componentCount: count,
      connected: count <= 1,
    },
  };
}

async function measureExtremes(
  csr: CsrGraph,
  largest: Largest,
  pacer: WorkPacer,
): Promise<DiameterRadius> {
  const { members, component } = largest;
  if (members.length === 0) {
    return { ...component, diameter: 0, radius: 0, searches: 0, batches: 0 };
  }
  const view = undirectedViewOf(csr);
  const searches = {
    search: new HopSearch({ csr: view }),
    batch: new BatchEccentricity({ csr: view }),
  };
  const bounds = await boundEccentricities({
    csr: view,
    members,
    goal: "extremes",
    searches,
    pacer,
  });
  let diameter = 0;
  let radius = Number.POSITIVE_INFINITY;
  for (let k = 0; k < members.length; k++) {
    diameter = Math.max(diameter, bounds.lower[members[k]]);
    radius = Math.min(radius, bounds.upper[members[k]]);
  }
  return { ...component, diameter, radius, searches: bounds.searches, batches: bounds.batches };
}

async function measureAverage(
  csr: CsrGraph,
  largest: Largest,
  options: { exactWorkLimit: number; sampleSize: number; seed: number },
  pacer: WorkPacer,
): Promise<AveragePathLength> {
  const { members, edges, component } = largest;
  const size = members.length;
  if (size <= 1) return { ...component, value: 0, exact: true, sampleSize: size };
  if (!(options.sampleSize >= 1)) {
    throw new EngineError("INVALID_REQUEST", "The sample size must be at least 1.");
  }
  const exact = size * edges <= options.exactWorkLimit || options.sampleSize >= size;
  const sources = exact ? members : sampleOf(members, options.sampleSize, options.seed);
  const batch = new BatchEccentricity({ csr });
  const lanes = new Int32Array(batchSize);
  let total = 0;
  for (let start = 0; start < sources.length; start += batchSize) {
    await pacer.checkpoint(start / sources.length, "average path length");
    const count = Math.min(batchSize, sources.length - start);
    for (let k = 0; k < count; k++) lanes[k] = sources[start + k];
    await batch.run({ sources: lanes.subarray(0, count), pacer });
    total += batch.distanceSum;
  }
  return {
    ...component,
    value: total / (sources.length * (size - 1)),
    exact,
    sampleSize: sources.length,
  };
}

/** `count` distinct members in seeded random order (a partial Fisher–Yates shuffle). */
function sampleOf(members: Int32Array, count: number, seed: number): Int32Array {
  const random = createRandom({ seed });
  const pool = members.slice();
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(random() * (pool.length - i));
    const swap = pool[i];
    pool[i] = pool[j];
    pool[j] = swap;
  }
  return pool.subarray(0, count);
}
