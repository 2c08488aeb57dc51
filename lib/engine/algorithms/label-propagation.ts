import type { WorkControl } from "../cancel-signal";
import type { CsrGraph } from "../csr/csr-graph";
import { undirectedViewOf } from "../csr/undirected-view";
import { linkWeights } from "./link-weights";
import type { CommunityResult } from "./louvain";
import { renumber } from "./louvain-local-moving";
import { modularity } from "./modularity";
import { blockShuffledOrder, createRandom, type Random } from "./seeded-random";
import { checkpoint, checkpointMask } from "./work-checkpoint";
import { WorkPacer } from "./work-pacer";

/** Label propagation's partition plus the number of sweeps and whether it settled. */
export type LabelPropagationResult = CommunityResult & { iterations: number; converged: boolean };

/**
 * Asynchronous label propagation, seeded, with NetworkX's `asyn_lpa_communities` rules:
 * sweep the nodes in a fresh random order; a node takes the label carrying the most weight
 * among its neighbours, keeping its own when that is among the best and otherwise picking one
 * of the tied best at random; stop after a sweep with no change (or `maxIterations`).
 * Directed graphs use their undirected view. Yields to the event loop between sweeps.
 */
export async function labelPropagation({
  csr,
  seed = 42,
  weighted = false,
  maxIterations = 100,
  control,
}: {
  csr: CsrGraph;
  seed?: number;
  weighted?: boolean;
  maxIterations?: number;
  control?: WorkControl;
}): Promise<LabelPropagationResult> {
  const view = undirectedViewOf(csr);
  const n = view.nodeCount;
  const labels = new Int32Array(n);
  for (let u = 0; u < n; u++) labels[u] = u;
  const state: SweepState = {
    offsets: view.outgoing.offsets,
    neighbours: view.outgoing.neighbours,
    weights: linkWeights(view.outgoing, weighted, "label propagation"),
    random: createRandom({ seed }),
    labels,
    labelWeight: new Float64Array(n),
    mark: new Int32Array(n).fill(-1),
    touched: new Int32Array(n),
    tied: new Int32Array(n),
    stamp: 0,
  };
  const pacer = new WorkPacer(control);
  let iterations = 0;
  let converged = false;
  while (iterations < maxIterations) {
    await pacer.checkpoint(iterations / maxIterations, "label-propagation");
    iterations++;
    if (!sweep(state, control, iterations / maxIterations)) {
      converged = true;
      break;
    }
  }
  const count = renumber(labels);
  return {
    communityOf: labels,
    count,
    modularity: modularity({ csr, communityOf: labels, weighted }),
    iterations,
    converged,
  };
}

/** What one sweep reads and writes; `stamp` keeps growing across sweeps (see `mark`). */
type SweepState = {
  offsets: Int32Array;
  neighbours: Int32Array;
  weights: Float64Array | null;
  random: Random;
  labels: Int32Array;
  labelWeight: Float64Array;
  /** mark[label] === stamp: the label was already seen from the current node. */
  mark: Int32Array;
  touched: Int32Array;
  tied: Int32Array;
  stamp: number;
};

/**
 * One sweep in a fresh seeded order; returns whether any label changed. Synchronous and apart
 * from the async loop, so V8 optimises it as one function.
 */
function sweep(state: SweepState, control: WorkControl | undefined, fraction: number): boolean {
  const { offsets, neighbours, weights, random, labels, labelWeight, mark, touched, tied } = state;
  const n = labels.length;
  // Read once: an imported binding can compile to a getter call, too dear in a hot loop.
  const mask = checkpointMask;
  let stamp = state.stamp;
  // Seeded but cache-friendly: a full shuffle makes every visit a cache miss on big graphs.
  const order = blockShuffledOrder({ random, size: n });
  let changed = false;
  for (let k = 0; k < n; k++) {
    const u = order[k];
    if ((++stamp & mask) === 1) checkpoint(control, fraction, "label-propagation");
    const start = offsets[u];
    const end = offsets[u + 1];
    if (start === end) continue;
    let touchedCount = 0;
    let best = 0;
    for (let i = start; i < end; i++) {
      const label = labels[neighbours[i]];
      if (mark[label] !== stamp) {
        mark[label] = stamp;
        labelWeight[label] = 0;
        touched[touchedCount++] = label;
      }
      labelWeight[label] += weights ? weights[i] : 1;
      if (labelWeight[label] > best) best = labelWeight[label];
    }
    if (mark[labels[u]] === stamp && labelWeight[labels[u]] === best) continue;
    let tiedCount = 0;
    for (let t = 0; t < touchedCount; t++) {
      if (labelWeight[touched[t]] === best) tied[tiedCount++] = touched[t];
    }
    labels[u] = tied[Math.floor(random() * tiedCount)];
    changed = true;
  }
  state.stamp = stamp;
  return changed;
}
