import { pageRank } from "../algorithms/pagerank";
import type { WorkControl } from "../cancel-signal";
import type { CsrGraph } from "../csr/csr-graph";
import type { StructuralFeature } from "./feature-schema";

/** Raw (unstandardised) structural feature values per node, by feature. */
export type StructuralValues = Partial<Record<StructuralFeature, Float64Array>>;

/** Degree, PageRank and/or local clustering coefficient of an undirected simple graph. */
export async function computeStructuralFeatures(input: {
  csr: CsrGraph;
  features: StructuralFeature[];
  control?: WorkControl;
}): Promise<StructuralValues> {
  const { csr } = input;
  const values: StructuralValues = {};
  for (const feature of input.features) {
    if (feature === "degree") values.degree = degrees(csr);
    if (feature === "clustering") values.clustering = clusteringCoefficients(csr);
    if (feature === "pagerank") {
      values.pagerank = (
        await pageRank({ csr, control: { signal: input.control?.signal } })
      ).scores;
    }
  }
  return values;
}

function degrees(csr: CsrGraph): Float64Array {
  const out = new Float64Array(csr.nodeCount);
  const { offsets } = csr.outgoing;
  for (let u = 0; u < csr.nodeCount; u++) out[u] = offsets[u + 1] - offsets[u];
  return out;
}

/**
 * Local clustering coefficient (triangles through u over deg·(deg−1)/2), NetworkX's
 * definition. A marker array per centre node makes each neighbour-of-neighbour test O(1).
 */
function clusteringCoefficients(csr: CsrGraph): Float64Array {
  const n = csr.nodeCount;
  const { offsets, neighbours } = csr.outgoing;
  const marker = new Int32Array(n).fill(-1);
  const out = new Float64Array(n);
  for (let u = 0; u < n; u++) {
    const degree = offsets[u + 1] - offsets[u];
    if (degree < 2) continue;
    for (let e = offsets[u]; e < offsets[u + 1]; e++) marker[neighbours[e]] = u;
    let links = 0;
    for (let e = offsets[u]; e < offsets[u + 1]; e++) {
      const v = neighbours[e];
      for (let f = offsets[v]; f < offsets[v + 1]; f++) if (marker[neighbours[f]] === u) links++;
    }
    // Each triangle edge v–w was counted from both v and w.
    out[u] = links / (degree * (degree - 1));
  }
  return out;
}
