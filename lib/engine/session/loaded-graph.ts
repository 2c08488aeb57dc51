import type { CanonicalPartition } from "../algorithms/canonical-partition";
import { buildCsr } from "../csr/build-csr";
import type { CsrGraph } from "../csr/csr-graph";
import { NodeIdIndex } from "../csr/node-id-index";
import { graphWithEdgeTypes, resolveEdgeTypeIndices } from "../filters/edge-type-filter";
import { edgePropertyWeights, type WeightSemantics } from "../graph/edge-property-weights";
import type { GraphData } from "../graph/graph-data";
import { estimateCsrBytes, estimateGraphBytes } from "./graph-memory-estimate";

/** Where a loaded graph version came from. */
export type GraphOrigin =
  | { kind: "construction"; datasetId: string; revision: number }
  | {
      kind: "subgraph" | "projection";
      datasetId: string | null;
      revision: number | null;
      fromVersion: number;
    };

/** A view of a version restricted to some edge types: its data and CSR snapshot. */
export type EdgeTypeView = { graph: GraphData; csr: CsrGraph; edgeTypes: string[] | null };

/** An edge-type view weighted by one edge property, with its smallest weight. */
type WeightedView = EdgeTypeView & { minimumWeight: number };

// Views are O(n + m) each; analysts filter on one or two edge types at a time, so a few
// cached views per version are enough and keep memory bounded.
const maxCachedEdgeTypeViews = 4;

/**
 * One graph version held in a session: the data plus its CSR snapshot and id index, each built
 * once on first use and shared by every algorithm run on this version.
 */
export class LoadedGraph {
  readonly version: number;
  readonly origin: GraphOrigin;
  readonly graph: GraphData;
  readonly loadedAt: Date;
  /**
   * True when this process rebuilt the version from its persisted state (a cache miss), not
   * from a tool call that loaded or derived it here.
   */
  readonly restored: boolean;
  private csrSnapshot: CsrGraph | null = null;
  private idIndex: NodeIdIndex | null = null;
  private graphBytes: number | null = null;
  private readonly edgeTypeViews = new Map<string, EdgeTypeView>();
  private readonly weightedViews = new Map<string, WeightedView>();
  /**
   * The communities last found on this version (community_detection, or the default Louvain a
   * picture needed), so a picture drawn after a community table numbers communities as it does.
   */
  communities: CanonicalPartition | null = null;

  constructor(input: {
    version: number;
    origin: GraphOrigin;
    graph: GraphData;
    loadedAt?: Date;
    restored?: boolean;
  }) {
    this.version = input.version;
    this.origin = input.origin;
    this.graph = input.graph;
    this.loadedAt = input.loadedAt ?? new Date();
    this.restored = input.restored ?? false;
  }

  /**
   * Estimated bytes this version holds: the graph, plus the CSR snapshot and edge-type views
   * once they are built (they are built lazily, so the figure grows with use).
   */
  estimatedBytes(): number {
    this.graphBytes ??= estimateGraphBytes(this.graph);
    let bytes = this.graphBytes;
    if (this.csrSnapshot) bytes += estimateCsrBytes(this.csrSnapshot);
    for (const view of [...this.edgeTypeViews.values(), ...this.weightedViews.values()]) {
      // A view shares the node columns; its own cost is its edge columns and its CSR.
      bytes +=
        view.graph.edgeSources.byteLength * 2 +
        view.graph.edgeTypeIndex.byteLength +
        (view.graph.edgeWeights?.byteLength ?? 0) +
        estimateCsrBytes(view.csr);
    }
    return bytes;
  }

  /** The immutable CSR snapshot of this version. */
  get csr(): CsrGraph {
    this.csrSnapshot ??= buildCsr({ graph: this.graph });
    return this.csrSnapshot;
  }

  /** Node id ↔ index mapping of this version. */
  get ids(): NodeIdIndex {
    this.idIndex ??= new NodeIdIndex({ graph: this.graph });
    return this.idIndex;
  }

  /**
   * This version with only the given edge types (all of them when none are given): same
   * nodes and indices, fewer edges. INVALID_REQUEST for an unknown type, listing the known.
   */
  withEdgeTypes(edgeTypes: readonly string[] | undefined): EdgeTypeView {
    if (!edgeTypes || edgeTypes.length === 0) {
      return { graph: this.graph, csr: this.csr, edgeTypes: null };
    }
    const indices = resolveEdgeTypeIndices({ graph: this.graph, edgeTypes });
    const names = indices.map((index) => this.graph.edgeTypeNames[index]);
    if (indices.length === this.graph.edgeTypeNames.length) {
      return { graph: this.graph, csr: this.csr, edgeTypes: names };
    }
    const key = indices.join(",");
    const cached = this.edgeTypeViews.get(key);
    if (cached) return cached;
    const graph = graphWithEdgeTypes({ graph: this.graph, typeIndices: indices });
    const view = { graph, csr: buildCsr({ graph }), edgeTypes: names };
    if (this.edgeTypeViews.size >= maxCachedEdgeTypeViews) {
      const oldest = this.edgeTypeViews.keys().next().value;
      if (oldest !== undefined) this.edgeTypeViews.delete(oldest);
    }
    this.edgeTypeViews.set(key, view);
    return view;
  }

  /**
   * The `edge_types` view weighted by one edge property (`weight_property`): same nodes and
   * edges, the property's values as weights, its own CSR. Cached like edge-type views, so a
   * ranking and its follow-up by the same property build it once. INVALID_REQUEST for a property
   * that cannot serve (edgePropertyWeights says why).
   */
  withWeightProperty(input: {
    edgeTypes: readonly string[] | undefined;
    property: string;
    semantics: WeightSemantics;
    missingWeight?: number;
  }): EdgeTypeView {
    const base = this.withEdgeTypes(input.edgeTypes);
    const key = [base.edgeTypes?.join(",") ?? "", input.property, input.missingWeight ?? ""].join(
      "\u0000",
    );
    let view = this.weightedViews.get(key);
    if (!view) {
      const weights = edgePropertyWeights({
        graph: base.graph,
        property: input.property,
        semantics: "strength",
        missingWeight: input.missingWeight,
      });
      let minimumWeight = Number.POSITIVE_INFINITY;
      for (const weight of weights) if (weight < minimumWeight) minimumWeight = weight;
      const graph = { ...base.graph, edgeWeights: weights, edgeWeightColumn: input.property };
      view = { graph, csr: buildCsr({ graph }), edgeTypes: base.edgeTypes, minimumWeight };
      if (this.weightedViews.size >= maxCachedEdgeTypeViews) {
        const oldest = this.weightedViews.keys().next().value;
        if (oldest !== undefined) this.weightedViews.delete(oldest);
      }
      this.weightedViews.set(key, view);
    }
    if (input.semantics !== "strength" && view.minimumWeight < 0) {
      // Read again with the caller's meaning: the error names the first negative edge.
      edgePropertyWeights({ ...input, graph: base.graph });
    }
    return { graph: view.graph, csr: view.csr, edgeTypes: view.edgeTypes };
  }

  /** The dataset this version belongs to, if any. */
  get datasetId(): string | null {
    return this.origin.datasetId;
  }

  /** The construction revision this version was loaded from or derived from. */
  get revision(): number | null {
    return this.origin.revision;
  }
}
