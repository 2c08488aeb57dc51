import { EngineError } from "../engine-error";
import type { GraphData } from "../graph/graph-data";

/**
 * Maps external node ids to the indices algorithms work with and back. Kernels return node
 * indices (typed arrays, no strings); this is the one place where ids are turned into indices
 * and back, built once per loaded graph version.
 */
export class NodeIdIndex {
  private readonly nodeIds: readonly string[];
  private indexById: Map<string, number> | null = null;

  constructor(options: { graph: GraphData }) {
    this.nodeIds = options.graph.nodeIds;
  }

  /** Index of a node id, or undefined. */
  indexOf(id: string): number | undefined {
    if (!this.indexById) {
      // Built on first use: many callers only map indices back to ids.
      const map = new Map<string, number>();
      for (let i = 0; i < this.nodeIds.length; i++) map.set(this.nodeIds[i], i);
      this.indexById = map;
    }
    return this.indexById.get(id);
  }

  /** Index of a node id; NODE_NOT_FOUND when the graph has no such node. */
  indexOfOrThrow(id: string): number {
    const index = this.indexOf(id);
    if (index === undefined) {
      throw new EngineError("NODE_NOT_FOUND", `Node "${id}" is not in the graph.`, { id });
    }
    return index;
  }

  /** External id of a node index. */
  idOf(index: number): string {
    const id = this.nodeIds[index];
    if (id === undefined) {
      throw new EngineError("NODE_NOT_FOUND", `Node index ${index} is not in the graph.`);
    }
    return id;
  }

  /** External ids of a list of node indices, in order. */
  idsOf(indices: ArrayLike<number>): string[] {
    const ids = new Array<string>(indices.length);
    for (let i = 0; i < indices.length; i++) ids[i] = this.idOf(indices[i]);
    return ids;
  }

  /** The same items with each one's node id added (e.g. a top-k list ready for a tool result). */
  withIds<T extends { node: number }>(items: readonly T[]): (T & { id: string })[] {
    return items.map((item) => ({ ...item, id: this.idOf(item.node) }));
  }
}
