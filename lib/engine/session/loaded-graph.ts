import { buildCsr } from "../csr/build-csr";
import type { CsrGraph } from "../csr/csr-graph";
import { NodeIdIndex } from "../csr/node-id-index";
import type { GraphData } from "../graph/graph-data";

/** Where a loaded graph version came from. */
export type GraphOrigin =
  | { kind: "construction"; datasetId: string; revision: number }
  | { kind: "subgraph"; datasetId: string | null; revision: number | null; fromVersion: number };

/**
 * One graph version held in a session: the data plus its CSR snapshot and id index, each built
 * once on first use and shared by every algorithm run on this version.
 */
export class LoadedGraph {
  readonly version: number;
  readonly origin: GraphOrigin;
  readonly graph: GraphData;
  readonly loadedAt = new Date();
  private csrSnapshot: CsrGraph | null = null;
  private idIndex: NodeIdIndex | null = null;

  constructor(input: { version: number; origin: GraphOrigin; graph: GraphData }) {
    this.version = input.version;
    this.origin = input.origin;
    this.graph = input.graph;
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

  /** The dataset this version belongs to, if any. */
  get datasetId(): string | null {
    return this.origin.datasetId;
  }

  /** The construction revision this version was loaded from or derived from. */
  get revision(): number | null {
    return this.origin.revision;
  }
}
