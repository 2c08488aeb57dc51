import { EngineError } from "../engine-error";
import type { GraphData, Properties } from "./graph-data";

/** The type name used when the input names none. */
export const defaultTypeName = "default";

/**
 * Accumulates nodes and edges (interning ids and type names) and produces a GraphData.
 * Edges may name nodes that were never added: they are created with the default type.
 * Arrays grow geometrically so a million edges cost no per-edge allocation.
 */
export class GraphBuilder {
  private readonly directed: boolean;
  private readonly indexById = new Map<string, number>();
  private readonly nodeIds: string[] = [];
  private nodeTypes = new Uint16Array(1024);
  private readonly nodeTypeNames: string[] = [];
  private readonly nodeTypeByName = new Map<string, number>();
  private readonly nodeLabels: (string | null)[] = [];
  private readonly nodeProperties: Properties[] = [];
  private sources = new Int32Array(1024);
  private targets = new Int32Array(1024);
  private weights: Float64Array | null = null;
  private weightColumn: string | undefined;
  private edgeTypes = new Uint16Array(1024);
  private readonly edgeTypeNames: string[] = [];
  private readonly edgeTypeByName = new Map<string, number>();
  private readonly edgeProperties: Properties[] = [];
  private edgeCount = 0;

  constructor(options: { directed: boolean }) {
    this.directed = options.directed;
  }

  get nodeCount(): number {
    return this.nodeIds.length;
  }

  /** Index of a node, creating it if new; a later call may set type/label/properties once. */
  addNode(
    id: string,
    input: { type?: string; label?: string | null; properties?: Properties } = {},
  ): number {
    let index = this.indexById.get(id);
    if (index === undefined) {
      index = this.nodeIds.length;
      this.indexById.set(id, index);
      this.nodeIds.push(id);
      if (index >= this.nodeTypes.length) this.nodeTypes = grow(this.nodeTypes);
      this.nodeTypes[index] = intern(
        this.nodeTypeByName,
        this.nodeTypeNames,
        input.type ?? defaultTypeName,
      );
      this.nodeLabels.push(input.label ?? null);
      this.nodeProperties.push(input.properties ?? null);
      return index;
    }
    if (input.type !== undefined) {
      this.nodeTypes[index] = intern(this.nodeTypeByName, this.nodeTypeNames, input.type);
    }
    if (input.label !== undefined) this.nodeLabels[index] = input.label;
    if (input.properties !== undefined) this.nodeProperties[index] = input.properties;
    return index;
  }

  /**
   * Declares that edges carry weights read from `column`: the graph is weighted even if every
   * weight turns out to be 1 (a missing weight counts 1). Edges added before weigh 1.
   */
  setWeightColumn({ column }: { column: string }): void {
    this.weightColumn = column;
    this.weights ??= new Float64Array(this.sources.length).fill(1, 0, this.edgeCount);
  }

  /** Index of an existing node, or undefined. */
  findNode(id: string): number | undefined {
    return this.indexById.get(id);
  }

  /** Adds an edge between node ids (creating missing nodes); weight defaults to 1. */
  addEdge(
    source: string,
    target: string,
    input: { weight?: number; type?: string; properties?: Properties } = {},
  ): void {
    this.addEdgeByIndex(this.addNode(source), this.addNode(target), input);
  }

  /** Adds an edge between node indices already returned by addNode. */
  addEdgeByIndex(
    source: number,
    target: number,
    input: { weight?: number; type?: string; properties?: Properties } = {},
  ): void {
    const edge = this.edgeCount++;
    if (edge >= this.sources.length) {
      this.sources = grow(this.sources);
      this.targets = grow(this.targets);
      this.edgeTypes = grow(this.edgeTypes);
      if (this.weights) this.weights = grow(this.weights);
    }
    this.sources[edge] = source;
    this.targets[edge] = target;
    if (input.weight !== undefined && input.weight !== 1 && !this.weights) {
      // First non-unit weight: materialise the column, earlier edges had weight 1.
      this.weights = new Float64Array(this.sources.length).fill(1, 0, edge);
    }
    if (this.weights) this.weights[edge] = input.weight ?? 1;
    this.edgeTypes[edge] = intern(
      this.edgeTypeByName,
      this.edgeTypeNames,
      input.type ?? defaultTypeName,
    );
    this.edgeProperties.push(input.properties ?? null);
  }

  /** The finished graph; the builder must not be used afterwards. */
  build(): GraphData {
    const nodeCount = this.nodeIds.length;
    const edgeCount = this.edgeCount;
    return {
      directed: this.directed,
      nodeIds: this.nodeIds,
      nodeTypeIndex: this.nodeTypes.slice(0, nodeCount),
      nodeTypeNames: this.nodeTypeNames,
      nodeLabels: this.nodeLabels,
      nodeProperties: this.nodeProperties,
      edgeSources: this.sources.slice(0, edgeCount),
      edgeTargets: this.targets.slice(0, edgeCount),
      edgeWeights: this.weights ? this.weights.slice(0, edgeCount) : null,
      ...(this.weightColumn !== undefined ? { edgeWeightColumn: this.weightColumn } : {}),
      edgeTypeIndex: this.edgeTypes.slice(0, edgeCount),
      edgeTypeNames: this.edgeTypeNames,
      edgeProperties: this.edgeProperties,
    };
  }
}

function intern(byName: Map<string, number>, names: string[], name: string): number {
  let index = byName.get(name);
  if (index === undefined) {
    if (names.length >= 65535) {
      throw new EngineError(
        "PARSE_ERROR",
        `The data has more than 65,535 distinct node or edge types (at "${name}").`,
      );
    }
    index = names.length;
    byName.set(name, index);
    names.push(name);
  }
  return index;
}

function grow<T extends Int32Array | Uint16Array | Float64Array>(array: T): T {
  const TypedArray = array.constructor as new (length: number) => T;
  const next = new TypedArray(array.length * 2);
  next.set(array);
  return next;
}
