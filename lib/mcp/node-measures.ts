import { canonicalPartition } from "@/lib/engine/algorithms/canonical-partition";
import "server-only";
import type { GraphExportMeasure } from "@/lib/contracts/graph-export";
import { connectedComponents } from "@/lib/engine/algorithms/connected-components";
import { computeDegrees, degreeCentrality } from "@/lib/engine/algorithms/degree";
import type { CsrGraph } from "@/lib/engine/csr/csr-graph";
import type { LoadedGraph } from "@/lib/engine/session/loaded-graph";
import type { NodeMeasureColumn } from "@/lib/exports/export-model";
import { runEngineKernel } from "@/lib/kernels/engine-kernels";

// Exact betweenness costs one search per node; above this many nodes it is sampled, with the
// same sample size and seed node_centrality uses, so the two tools agree.
const exactBetweennessLimit = 20_000;
const betweennessSample = 256;
const seed = 42;

/**
 * Measures of every node of the session graph, computed now with the defaults of the tools that
 * report them (node_centrality: PageRank damping 0.85, unweighted; community_detection:
 * resolution 1, seed 42), so an exported attribute equals what those tools answer.
 */
export async function computeNodeMeasures(input: {
  loaded: LoadedGraph;
  measures: readonly GraphExportMeasure[];
  signal: AbortSignal;
}): Promise<NodeMeasureColumn[]> {
  const columns: NodeMeasureColumn[] = [];
  for (const measure of new Set(input.measures)) {
    columns.push(await measureColumn(input.loaded.csr, measure, input.signal));
  }
  return columns;
}

async function measureColumn(
  csr: CsrGraph,
  measure: GraphExportMeasure,
  signal: AbortSignal,
): Promise<NodeMeasureColumn> {
  const control = { signal };
  const double = (values: ArrayLike<number>) => ({
    name: measure,
    kind: "double" as const,
    values,
  });
  const long = (values: ArrayLike<number>) => ({ name: measure, kind: "long" as const, values });
  switch (measure) {
    case "pagerank": {
      const options = { damping: 0.85, weighted: false };
      return double((await runEngineKernel("pageRank", { csr, options, control })).scores);
    }
    case "degree":
      return long(computeDegrees({ csr }));
    case "degree_centrality":
      return double(degreeCentrality({ csr }));
    case "betweenness": {
      const sampleSize = csr.nodeCount > exactBetweennessLimit ? betweennessSample : undefined;
      const options = { weighted: false, sampleSize, seed };
      return double(
        (await runEngineKernel("betweennessCentrality", { csr, options, control })).scores,
      );
    }
    case "eigenvector": {
      const options = { weighted: false };
      return double(
        (await runEngineKernel("eigenvectorCentrality", { csr, options, control })).scores,
      );
    }
    case "louvain":
    case "leiden": {
      const options = { resolution: 1, seed, weighted: false };
      // Numbered as community_detection numbers them (largest first), so the exported file,
      // the run's table and its pictures agree.
      return long(
        canonicalPartition(await runEngineKernel(measure, { csr, options, control })).communityOf,
      );
    }
    case "label_propagation": {
      const options = { seed, weighted: false };
      return long(
        canonicalPartition(await runEngineKernel("labelPropagation", { csr, options, control }))
          .communityOf,
      );
    }
    case "connected_component":
      return long(canonicalPartition(groupsOf(connectedComponents({ csr, control }))).communityOf);
  }
}

function groupsOf(components: { componentOf: Int32Array; count: number }) {
  return { communityOf: components.componentOf, count: components.count };
}
