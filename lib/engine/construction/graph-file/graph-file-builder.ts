import { EngineError } from "../../engine-error";
import { GraphBuilder } from "../../graph/graph-builder";
import type { GraphData, PropertyValue } from "../../graph/graph-data";

/** Where in a file something was read: a line (and column), an element or a row. */
export type FilePosition = { line?: number; column?: number; element?: string; row?: number };

/** Attributes of a node or an edge as the file declared them, typed by the reader. */
export type FileAttributes = Map<string, PropertyValue>;

type PendingReference = {
  edge: { number: number; name?: string; source: string; target: string };
  node: string;
  position: FilePosition;
};

/**
 * The rules every graph file format shares, on top of GraphBuilder: a `label` attribute (else
 * `name`) labels a node, `type` gives node and edge types, `weight` is the edge weight (like a
 * CSV weight column; kept as a property when `weighted` is false), and an edge may only name
 * nodes the file declares — in any order, since GraphML and GEXF allow edges before nodes — so
 * a node an edge names but the file never declares is a PARSE_ERROR naming that edge.
 */
export class GraphFileBuilder {
  private readonly builder: GraphBuilder;
  private readonly format: string;
  private readonly weighted: boolean | undefined;
  private declared: Uint8Array = new Uint8Array(1024);
  // Only nodes referenced before (or without) their declaration: the first edge naming each.
  private readonly pending = new Map<number, PendingReference>();
  private edgeCount = 0;
  private weightSeen = false;

  constructor(input: { directed: boolean; format: string; weighted?: boolean }) {
    this.builder = new GraphBuilder({ directed: input.directed });
    this.format = input.format;
    this.weighted = input.weighted;
  }

  /**
   * Declares a node with its attributes; a second declaration of one id is malformed unless
   * `describe` says this line describes a node declared before (Pajek's `*Vertices n`).
   */
  addNode(input: {
    id: string;
    attributes: FileAttributes;
    position: FilePosition;
    describe?: boolean;
  }): void {
    const existing = this.builder.findNode(input.id);
    const declared =
      existing !== undefined && existing < this.declared.length && this.declared[existing] === 1;
    if (declared && !input.describe) {
      throw fileParseError(
        `The ${this.format} file declares node "${input.id}" twice${describePosition(input.position)}.`,
        input.position,
      );
    }
    const { label, type, properties } = nodeParts(input.attributes);
    const index = this.builder.addNode(input.id, { type, label, properties });
    if (index >= this.declared.length) this.declared = growBytes(this.declared, index);
    this.declared[index] = 1;
    this.pending.delete(index);
  }

  /** Adds an edge; `name` identifies it in errors (its id, or its number and endpoints). */
  addEdge(input: {
    source: string;
    target: string;
    name?: string;
    attributes: FileAttributes;
    position: FilePosition;
  }): void {
    this.edgeCount++;
    // The edge's name is only spelled out for an error: a million edges build no strings.
    const edge = {
      number: this.edgeCount,
      name: input.name,
      source: input.source,
      target: input.target,
    };
    const source = this.reference(input.source, edge, input.position);
    const target = this.reference(input.target, edge, input.position);
    const { weight, type, properties } = this.edgeParts(input.attributes, edge, input.position);
    this.builder.addEdgeByIndex(source, target, { weight, type, properties });
  }

  /** The graph, after checking every node an edge named was declared. */
  build(): GraphData {
    const [first] = this.pending.values();
    if (first) {
      const edge = edgeName(first.edge);
      throw fileParseError(
        `Edge ${edge} names node "${first.node}", which the ${this.format} file does not declare${describePosition(first.position)}.`,
        { ...first.position, edge, node: first.node },
      );
    }
    if (this.weighted === true && !this.weightSeen) {
      throw new EngineError(
        "INVALID_REQUEST",
        `Weights were asked for (weighted: true), but no edge of the ${this.format} file has a weight attribute.`,
      );
    }
    return this.builder.build();
  }

  private reference(id: string, edge: PendingReference["edge"], position: FilePosition): number {
    const index = this.builder.addNode(id);
    if (index >= this.declared.length) this.declared = growBytes(this.declared, index);
    if (!this.declared[index] && !this.pending.has(index)) {
      this.pending.set(index, { edge, node: id, position });
    }
    return index;
  }

  private edgeParts(
    attributes: FileAttributes,
    edge: PendingReference["edge"],
    position: FilePosition,
  ) {
    let weight: number | undefined;
    let type: string | undefined;
    let properties: Record<string, PropertyValue> | null = null;
    for (const [key, value] of attributes) {
      if (key === "type" && value !== null) {
        type = String(value);
        continue;
      }
      if (key === "weight" && this.weighted !== false && value !== null) {
        weight = weightValue(value, edge, position, this.format);
        if (!this.weightSeen) {
          this.weightSeen = true;
          this.builder.setWeightColumn({ column: "weight" });
        }
        continue;
      }
      properties ??= {};
      defineProperty(properties, key, value);
    }
    return { weight, type, properties };
  }
}

/** A PARSE_ERROR at a position of a graph file (line/column when known, else element or row). */
export function fileParseError(message: string, position: FilePosition & Record<string, unknown>) {
  return new EngineError("PARSE_ERROR", message, { ...position });
}

/** " (line 4, column 7)" or " (row 3)" for a message; empty when nothing is known. */
export function describePosition(position: FilePosition): string {
  if (position.line !== undefined) {
    return position.column !== undefined
      ? ` (line ${position.line}, column ${position.column})`
      : ` (line ${position.line})`;
  }
  if (position.row !== undefined) return ` (row ${position.row})`;
  if (position.element !== undefined) return ` (${position.element})`;
  return "";
}

function nodeParts(attributes: FileAttributes) {
  let label: string | null = null;
  let type: string | undefined;
  let properties: Record<string, PropertyValue> | null = null;
  for (const [key, value] of attributes) {
    if (key === "label" && value !== null) {
      label = String(value);
      continue;
    }
    if (key === "type" && value !== null) {
      type = String(value);
      continue;
    }
    properties ??= {};
    defineProperty(properties, key, value);
  }
  if (label === null) {
    const name = attributes.get("name");
    if (name !== undefined && name !== null) label = String(name);
  }
  return { label, type, properties };
}

function weightValue(
  value: PropertyValue,
  edge: PendingReference["edge"],
  position: FilePosition,
  format: string,
) {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  const weight = Number(value);
  if (typeof value === "boolean" || !Number.isFinite(weight) || String(value).trim() === "") {
    const name = edgeName(edge);
    throw fileParseError(
      `Edge ${name} has the weight "${String(value)}", which is not a number${describePosition(position)} (build with weighted: false to keep it as a property of the ${format} edges).`,
      { ...position, edge: name },
    );
  }
  return weight;
}

/** An edge as errors name it: its id, or its number in the file, with its endpoints. */
function edgeName(edge: PendingReference["edge"]): string {
  return edge.name ?? `${edge.number} (${edge.source} → ${edge.target})`;
}

function defineProperty(target: Record<string, PropertyValue>, key: string, value: PropertyValue) {
  // defineProperty keeps an attribute named "__proto__" an ordinary property; plain assignment
  // (much faster on a million edges) for every other name.
  if (key === "__proto__") {
    Object.defineProperty(target, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else target[key] = value;
}

function growBytes(array: Uint8Array, index: number): Uint8Array {
  const next = new Uint8Array(Math.max(array.length * 2, index + 1));
  next.set(array);
  return next;
}
