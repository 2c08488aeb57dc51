import "server-only";
import {
  type GraphMetricName,
  graphMetricNames,
  graphMetricsInputSchema,
} from "@/lib/contracts/tool-inputs/graph-metrics-input";
import { bipartiteCheck } from "@/lib/engine/algorithms/bipartite";
import { averageClustering, transitivity } from "@/lib/engine/algorithms/clustering";
import { connectedComponents } from "@/lib/engine/algorithms/connected-components";
import { degreeAssortativity } from "@/lib/engine/algorithms/degree-assortativity";
import { graphDensity } from "@/lib/engine/algorithms/density";
import { findCycle, isDirectedAcyclic } from "@/lib/engine/algorithms/find-cycle";
import { triangleTotal } from "@/lib/engine/algorithms/triangles";
import { weightedDistanceMetrics } from "@/lib/engine/algorithms/weighted-distance-metrics";
import type { CsrGraph } from "@/lib/engine/csr/csr-graph";
import { runEngineKernel } from "@/lib/kernels/engine-kernels";
import { measuredView, requireWeights, weightingOf, weightingReport } from "../analysis-scope";
import { requireSession } from "../mcp-identity";
import { sessionGraphsOf } from "../session-graph-cache";
import { catalogue, defineTool } from "../tool-definition";

// A cycle through a million nodes is an answer, not a list to print.
const maxListedCycleNodes = 50;

type Metrics = Record<string, unknown>;

/**
 * Computes the asked metrics, sharing the triangle counts and distance searches they need. The
 * distance searches and the triangle count (0.05–1.2 s on the 1M-edge benchmark graph) run in
 * the kernel pool; the rest, under 35 ms there together, here.
 */
async function computeMetrics(
  csr: CsrGraph,
  nodeIds: string[],
  wanted: Set<GraphMetricName>,
  signal: AbortSignal,
  weighted: boolean,
): Promise<{ metrics: Metrics; notes: string[] }> {
  const control = { signal };
  const metrics: Metrics = {};
  const notes: string[] = [];
  const has = (name: GraphMetricName) => wanted.has(name);
  if (weighted) {
    weightedDistances(csr, wanted, metrics, notes, control);
    for (const name of distanceMetricNames) wanted.delete(name);
  }
  if (has("density")) metrics.density = graphDensity({ csr });
  if (has("component_count") || has("largest_component_size")) {
    const components = connectedComponents({ csr, control });
    let largest = 0;
    for (const size of components.sizes) if (size > largest) largest = size;
    if (has("component_count")) metrics.component_count = components.count;
    if (has("largest_component_size")) metrics.largest_component_size = largest;
  }
  if (has("diameter") || has("radius")) {
    const extremes = await runEngineKernel("diameterAndRadius", { csr, options: {}, control });
    if (has("diameter")) metrics.diameter = extremes.diameter;
    if (has("radius")) metrics.radius = extremes.radius;
    if (!extremes.connected) {
      notes.push(
        `The graph is not connected (${extremes.componentCount} components): diameter and radius are those of the largest component (${extremes.componentSize} of ${csr.nodeCount} nodes).`,
      );
    }
  }
  if (has("average_shortest_path_length")) {
    const average = await runEngineKernel("averageShortestPathLength", {
      csr,
      options: {},
      control,
    });
    metrics.average_shortest_path_length = average.value;
    metrics.average_shortest_path_length_exact = average.exact;
    if (!average.exact) {
      notes.push(
        `The average shortest path length is estimated from ${average.sampleSize} seeded random sources (the exact value needs a search from every node).`,
      );
    }
    if (!average.connected) {
      notes.push(
        `The average shortest path length is that of the largest component (${average.componentSize} of ${csr.nodeCount} nodes).`,
      );
    }
  }
  const needsTriangles = has("triangle_count") || has("average_clustering") || has("transitivity");
  const triangles = needsTriangles
    ? await runEngineKernel("triangleCounts", { csr, options: {}, control })
    : undefined;
  if (triangles && has("triangle_count"))
    metrics.triangle_count = triangleTotal({ counts: triangles });
  if (triangles && has("average_clustering")) {
    metrics.average_clustering = await averageClustering({ csr, triangles, control });
  }
  if (triangles && has("transitivity")) {
    metrics.transitivity = await transitivity({ csr, triangles, control });
  }
  if (has("degree_assortativity")) {
    const value = degreeAssortativity({ csr });
    metrics.degree_assortativity = Number.isNaN(value) ? null : value;
    if (Number.isNaN(value))
      notes.push("Degree assortativity is undefined: every edge joins nodes of equal degree.");
  }
  if (has("has_cycle")) {
    const cycle = findCycle({ csr });
    metrics.has_cycle = cycle !== null;
    if (cycle) {
      metrics.example_cycle = cycle.slice(0, maxListedCycleNodes).map((node) => nodeIds[node]);
      if (cycle.length > maxListedCycleNodes) metrics.example_cycle_length = cycle.length;
    }
  }
  if (has("is_dag")) metrics.is_dag = isDirectedAcyclic({ csr });
  if (has("is_bipartite")) metrics.is_bipartite = bipartiteCheck({ csr }).bipartite;
  return { metrics, notes };
}

const distanceMetricNames = ["diameter", "radius", "average_shortest_path_length"] as const;

/** The distance figures with edge weights read as lengths, into `metrics`. */
function weightedDistances(
  csr: CsrGraph,
  wanted: Set<GraphMetricName>,
  metrics: Metrics,
  notes: string[],
  control: { signal: AbortSignal },
) {
  if (!distanceMetricNames.some((name) => wanted.has(name))) return;
  const figures = weightedDistanceMetrics({ csr, control });
  if (wanted.has("diameter")) metrics.diameter = figures.diameter;
  if (wanted.has("radius")) metrics.radius = figures.radius;
  if (wanted.has("average_shortest_path_length")) {
    metrics.average_shortest_path_length = figures.averageShortestPathLength;
    metrics.average_shortest_path_length_exact = true;
  }
  if (!figures.connected) {
    notes.push(
      `The graph is not connected (${figures.componentCount} components): the weighted distance figures are those of the largest component (${figures.componentSize} of ${csr.nodeCount} nodes).`,
    );
  }
}

/** graph_metrics: whole-graph structure figures, exact. */
export const graphMetricsTool = defineTool({
  name: "graph_metrics",
  description:
    "Whole-graph figures: density, diameter, radius, average shortest path length, average clustering, transitivity, triangle count, degree assortativity, component count, largest component size, has_cycle (with an example cycle), is_dag, is_bipartite. Exact; on a disconnected graph distance metrics are for the largest component and say so. metrics chooses which (default all); edge_types restricts the edges.",
  input: graphMetricsInputSchema,
  catalogue: catalogue({ reads: ["G"] }),
  run: async (args, { identity, signal }) => {
    const { scope } = await requireSession(identity);
    const loaded = (await sessionGraphsOf(scope)).currentOrThrow(scope);
    // Only the distance figures read weights, as lengths (nx.diameter(G, weight=…)).
    const weighting = weightingOf(args, "distance");
    const { weighted } = weighting;
    const view = measuredView(loaded, args.edge_types, weighting);
    requireWeights({ view, weighted, algorithm: "distance metrics", graph: loaded.graph });
    const wanted = new Set<GraphMetricName>(args.metrics ?? graphMetricNames);
    const asked = wanted.size;
    const { metrics, notes } = await computeMetrics(
      view.csr,
      loaded.graph.nodeIds,
      wanted,
      signal,
      weighted,
    );
    const shown = Object.entries(metrics)
      .filter(([name]) => (graphMetricNames as readonly string[]).includes(name))
      .slice(0, 4)
      .map(
        ([name, value]) =>
          `${name.replaceAll("_", " ")} ${typeof value === "number" && !Number.isInteger(value) ? Number(value.toPrecision(6)) : String(value)}`,
      );
    return {
      message: `${shown.join(", ")}${asked > 4 ? ", …" : ""}${notes.length > 0 ? ` (${notes[0]})` : ""}`,
      data: {
        nodes: view.csr.nodeCount,
        edges: view.csr.edgeCount,
        directed: view.csr.directed,
        ...(view.edgeTypes ? { edge_types: view.edgeTypes } : {}),
        weighted,
        ...weightingReport(weighting, weighted),
        graph:
          "simple graph: parallel edges merged; clustering, triangles, distances and bipartiteness on the undirected view",
        metrics,
        notes,
      },
    };
  },
});
