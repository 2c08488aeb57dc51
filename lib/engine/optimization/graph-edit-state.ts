import { NodeIdIndex } from "../csr/node-id-index";
import type { GraphData, Properties } from "../graph/graph-data";
import { withNodePropertyObjects } from "../graph/node-properties";
import { nodeNotFoundError, resolveNodeIds } from "../subgraph/resolve-node-ids";

/** How many touched node ids the effect lists, and how many warnings it keeps. */
export const touchedSampleLimit = 100;
const warningLimit = 50;

/** Counters of what one operation (or the whole list) changed. */
export type EditCounts = {
  nodesRemoved: number;
  edgesRemoved: number;
  nodesMerged: number;
  propertiesSet: number;
};

/**
 * The working copy operations edit: alive flags, re-pointable endpoints and copy-on-write
 * properties over the untouched input graph. Nothing is rebuilt between operations; the new
 * GraphData is assembled once at the end.
 */
export class GraphEditState {
  readonly graph: GraphData;
  readonly ids: NodeIdIndex;
  readonly nodeAlive: Uint8Array;
  readonly edgeAlive: Uint8Array;
  readonly sources: Int32Array;
  readonly targets: Int32Array;
  /** Per node, its properties; an edited node gets a new object, the input's are never written. */
  readonly properties: Properties[];
  readonly counts: EditCounts = {
    nodesRemoved: 0,
    edgesRemoved: 0,
    nodesMerged: 0,
    propertiesSet: 0,
  };
  readonly warnings: string[] = [];
  readonly touchedSample: string[] = [];
  touchedNodeCount = 0;
  touchedEdgeCount = 0;
  private readonly nodeTouched: Uint8Array;
  private readonly edgeTouched: Uint8Array;

  constructor(options: { graph: GraphData }) {
    const { graph } = options;
    this.graph = graph;
    this.ids = new NodeIdIndex({ graph });
    this.nodeAlive = new Uint8Array(graph.nodeIds.length).fill(1);
    this.edgeAlive = new Uint8Array(graph.edgeSources.length).fill(1);
    this.sources = graph.edgeSources.slice();
    this.targets = graph.edgeTargets.slice();
    // Edits replace a node's whole property object, so a wide table's typed store is turned
    // into objects here (the result graph then has objects only).
    this.properties = graph.nodeNumericColumns
      ? withNodePropertyObjects(graph).nodeProperties
      : graph.nodeProperties.slice();
    this.nodeTouched = new Uint8Array(graph.nodeIds.length);
    this.edgeTouched = new Uint8Array(graph.edgeSources.length);
  }

  /**
   * Indices of the given ids; NODE_NOT_FOUND naming every id that is unknown or was removed by
   * an earlier operation (the whole request fails, so nothing is half-applied).
   */
  resolve(requested: readonly string[], context: string): number[] {
    const { found, missing } = resolveNodeIds({
      ids: this.ids,
      requested,
      isPresent: (node) => this.nodeAlive[node] === 1,
    });
    if (missing.length > 0) throw nodeNotFoundError({ missing, context });
    return found;
  }

  /** Marks a node removed; its edges go in one later pass (removeDanglingEdges), not one each. */
  removeNode(node: number): void {
    if (!this.nodeAlive[node]) return;
    this.nodeAlive[node] = 0;
    this.touchNode(node);
  }

  /** Marks an edge removed and counts it (once). */
  removeEdge(edge: number): void {
    if (!this.edgeAlive[edge]) return;
    this.edgeAlive[edge] = 0;
    this.counts.edgesRemoved++;
    this.touchEdge(edge);
  }

  /** Removes every alive edge with an endpoint that is no longer alive. */
  removeDanglingEdges(): void {
    for (let edge = 0; edge < this.sources.length; edge++) {
      if (!this.edgeAlive[edge]) continue;
      if (!this.nodeAlive[this.sources[edge]] || !this.nodeAlive[this.targets[edge]]) {
        this.removeEdge(edge);
      }
    }
  }

  /** Records a node as changed by the operations (counted once, sampled for the effect). */
  touchNode(node: number): void {
    if (this.nodeTouched[node]) return;
    this.nodeTouched[node] = 1;
    this.touchedNodeCount++;
    if (this.touchedSample.length < touchedSampleLimit) {
      this.touchedSample.push(this.graph.nodeIds[node]);
    }
  }

  /** Records an edge as removed or re-pointed (counted once). */
  touchEdge(edge: number): void {
    if (this.edgeTouched[edge]) return;
    this.edgeTouched[edge] = 1;
    this.touchedEdgeCount++;
  }

  /** Adds a non-fatal remark (bounded). */
  warn(message: string): void {
    if (this.warnings.length < warningLimit) this.warnings.push(message);
  }

  /** Number of alive nodes and edges. */
  size(): { nodes: number; edges: number } {
    return { nodes: countSet(this.nodeAlive), edges: countSet(this.edgeAlive) };
  }

  /** Indices of alive nodes and edges, ascending (the output keeps the input's order). */
  aliveIndices(): { nodes: Int32Array; edges: Int32Array } {
    return { nodes: setIndices(this.nodeAlive), edges: setIndices(this.edgeAlive) };
  }
}

function countSet(flags: Uint8Array): number {
  let count = 0;
  for (let i = 0; i < flags.length; i++) count += flags[i];
  return count;
}

function setIndices(flags: Uint8Array): Int32Array {
  const indices = new Int32Array(countSet(flags));
  let write = 0;
  for (let i = 0; i < flags.length; i++) if (flags[i]) indices[write++] = i;
  return indices;
}
