import type { NumericColumns } from "./numeric-columns";

/** A property value kept on a node or an edge. */
export type PropertyValue = string | number | boolean | null;

/** Properties of one node or edge; null when it has none (saves an object per element). */
export type Properties = Record<string, PropertyValue> | null;

/**
 * A constructed graph in columnar form: what construction produces, what storage persists and
 * what session graphs hold. Nodes are addressed by index (0…nodeCount-1); types are interned.
 * Parallel edges are allowed (a multigraph); algorithms decide how to treat them.
 */
export type GraphData = {
  directed: boolean;
  /** index → external id, unique. */
  nodeIds: string[];
  /** Per node, an index into nodeTypeNames. */
  nodeTypeIndex: Uint16Array;
  nodeTypeNames: string[];
  /** Per node, a human label (null = use the id). */
  nodeLabels: (string | null)[];
  /**
   * Per node, its properties — except the numeric columns of a wide node table, which live in
   * `nodeNumericColumns`. Read a node's properties through lib/engine/graph/node-properties
   * (nodePropertiesOf / nodePropertyValue), which sees both.
   */
  nodeProperties: Properties[];
  /** Numeric node properties as one typed matrix (wide CSV node tables); absent otherwise. */
  nodeNumericColumns?: NumericColumns;
  /** Per edge, node indices. */
  edgeSources: Int32Array;
  edgeTargets: Int32Array;
  /**
   * Per edge weight; null when the graph is unweighted. A graph read from a weight column keeps
   * it even when every weight is 1, so "weighted" always says truthfully that weights were read.
   */
  edgeWeights: Float64Array | null;
  /**
   * The input column the weights were read from ("weight", "column 3"), for get_graph_info and
   * the construction summary; absent when unweighted or not known (weights set programmatically).
   */
  edgeWeightColumn?: string;
  /** Per edge, an index into edgeTypeNames. */
  edgeTypeIndex: Uint16Array;
  edgeTypeNames: string[];
  edgeProperties: Properties[];
};
