import type { WorkControl } from "../cancel-signal";
import type { CsrGraph } from "../csr/csr-graph";
import { undirectedViewOf } from "../csr/undirected-view";
import { linkWeights } from "./link-weights";
import type { CommunityResult } from "./louvain";
import { renumber } from "./louvain-local-moving";
import { modularity } from "./modularity";
import { blockShuffledOrder, createRandom } from "./seeded-random";
import { checkpoint, checkpointMask } from "./work-checkpoint";

/** Label propagation's partition plus the number of sweeps and whether it settled. */
export type LabelPropagationResult = CommunityResult & { iterations: number; converged: boolean };

/**
 * Asynchronous label propagation, seeded, with NetworkX's `asyn_lpa_communities` rules:
 * sweep the nodes in a fresh random order; a node takes the label carrying the most weight
 * among its neighbours, keeping its own when that is among the best and otherwise picking one
 * of the tied best at random; stop after a sweep with no change (or `maxIterations`).
 * Directed graphs use their undirected view.
 */
export function labelPropagation({
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
}): LabelPropagationResult {
  const view = undirectedViewOf(csr);
  // Read once: an imported binding can compile to a getter call, too dear in a hot loop.
  const mask = checkpointMask;
  const n = view.nodeCount;
  const { offsets, neighbours } = view.outgoing;
  const weights = linkWeights(view.outgoing, weighted);
  const random = createRandom({ seed });
  const labels = new Int32Array(n);
  for (let u = 0; u < n; u++) labels[u] = u;
  const labelWeight = new Float64Array(n);
  const mark = new Int32Array(n).fill(-1);
  const touched = new Int32Array(n);
  const tied = new Int32Array(n);
  let iterations = 0;
  let converged = false;
  let stamp = 0;
  while (iterations < maxIterations) {
    checkpoint(control, iterations / maxIterations, "label-propagation");
    iterations++;
    // Seeded but cache-friendly: a full shuffle makes every visit a cache miss on big graphs.
    const order = blockShuffledOrder({ random, size: n });
    let changed = false;
    for (let k = 0; k < n; k++) {
      const u = order[k];
      if ((++stamp & mask) === 1)
        checkpoint(control, iterations / maxIterations, "label-propagation");
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
    if (!changed) {
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
