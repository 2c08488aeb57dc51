import { defaultTypeName } from "../graph/graph-builder";
import type { GraphData } from "../graph/graph-data";
import { binaryFileError, errorAt } from "./text-edge-list-errors";
import { noWeightColumnError, parseWeight, weightColumnName } from "./text-edge-list-weights";

/** Options of the whitespace edge-list parser. */
export type ParseTextEdgeListOptions = {
  /** Bytes (UTF-8) or text of the file. */
  input: string | Uint8Array;
  directed?: boolean;
  /**
   * The third column as the edge weight (a line without one weighs 1), like igraph's Read_Ncol.
   * Default (undefined): when the first third column met is a number — a non-numeric one is
   * not a weight column and is ignored like any extra column. true: required, and every third
   * column must be a number. false: ignored.
   */
  weighted?: boolean;
};

const space = 32;
const tab = 9;
const newline = 10;
const carriageReturn = 13;
const hash = 35;
// Node ids below this are interned through a dense table; larger ones through a Map.
const denseIdLimit = 1 << 22;

/**
 * Parses a SNAP-style edge list — one `source target [weight]` per line, separated by spaces
 * or tabs, `#` comments, blank lines, \n or \r\n — straight into a GraphData. It produces
 * exactly what GraphBuilder would (ids in order of first appearance, weights whenever a weight
 * column was read, named after a `# source target weight` comment or "column 3") but works on bytes: canonical integer ids are interned through a typed
 * array instead of allocating a string per token, which is what makes a million edges load
 * in well under a second. Columns after the ones read are ignored (SNAP files may carry
 * timestamps). Errors are PARSE_ERROR with 1-based line and column.
 */
export function parseTextEdgeList({
  input,
  directed = false,
  weighted,
}: ParseTextEdgeListOptions): GraphData {
  const bytes = typeof input === "string" ? new TextEncoder().encode(input) : input;
  const length = bytes.length;
  const ids = new IdInterner();
  // Sized from the line length of the first 64 KB plus 5%: counting every newline first took
  // a sixth of the parse (10 ms on 1M edges); a short estimate regrows once, a long one costs
  // one trimming copy, neither the 2× over-allocation of growing from small.
  let capacity = estimatedLines(bytes);
  let sources = new Int32Array(capacity);
  let targets = new Int32Array(capacity);
  // Third columns are read until one proves not to be a weight (auto mode only); `weights`
  // stays null until the first weight is read.
  let readWeights = weighted !== false;
  let weights: Float64Array | null = null;
  let weightColumn: string | undefined;
  // Start of the last full-line comment before the first edge: a possible column header.
  let headerComment = -1;
  let edgeCount = 0;
  let line = 1;
  // Skip a UTF-8 byte-order mark.
  let p = length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (p < length) {
    const lineStart = p;
    p = skipBlanks(bytes, p);
    if (p >= length) break;
    let c = bytes[p];
    if (c === newline || c === hash) {
      if (c === hash && edgeCount === 0) headerComment = p;
      p = endOfLine(bytes, p) + 1;
      line++;
      continue;
    }
    const sourceEnd = ids.readNode(bytes, p, line, lineStart);
    const source = ids.lastIndex;
    p = skipBlanks(bytes, sourceEnd);
    c = p < length ? bytes[p] : newline;
    if (c === newline || c === hash) {
      throw errorAt(
        bytes,
        lineStart,
        sourceEnd,
        line,
        "expected a target node id after the source",
      );
    }
    const targetEnd = ids.readNode(bytes, p, line, lineStart);
    const target = ids.lastIndex;
    p = skipBlanks(bytes, targetEnd);
    let weight = 1;
    if (readWeights && p < length && bytes[p] !== newline && bytes[p] !== hash) {
      const weightEnd = tokenEnd(bytes, p, line, lineStart);
      weight = parseWeight(bytes, p, weightEnd);
      if (!Number.isFinite(weight)) {
        // NaN is "not a number at all" (a relation name, say): in auto mode a first such column
        // is simply not a weight column. An overflow (1e999) is a number and stays an error.
        if (weighted === undefined && weights === null && Number.isNaN(weight)) {
          readWeights = false;
          weight = 1;
        } else {
          const hint = weighted === undefined ? "; build with weighted: false to ignore it" : "";
          throw errorAt(bytes, lineStart, p, line, `the weight is not a finite number${hint}`);
        }
      } else if (weights === null) {
        weights = new Float64Array(capacity).fill(1, 0, edgeCount);
        weightColumn = weightColumnName({ bytes, headerComment, lineStart });
      }
      p = weightEnd;
    }
    if (edgeCount === capacity) {
      capacity *= 2;
      sources = grow(sources, capacity);
      targets = grow(targets, capacity);
      if (weights) weights = grow(weights, capacity);
    }
    sources[edgeCount] = source;
    targets[edgeCount] = target;
    if (weights) weights[edgeCount] = weight;
    edgeCount++;
    p = endOfLine(bytes, p) + 1;
    line++;
  }
  if (weighted === true && weights === null && edgeCount > 0) throw noWeightColumnError();
  const nodeCount = ids.nodeIds.length;
  return {
    directed,
    nodeIds: ids.nodeIds,
    nodeTypeIndex: new Uint16Array(nodeCount),
    nodeTypeNames: nodeCount > 0 ? [defaultTypeName] : [],
    nodeLabels: new Array(nodeCount).fill(null),
    nodeProperties: new Array(nodeCount).fill(null),
    edgeSources: trimmed(sources, edgeCount),
    edgeTargets: trimmed(targets, edgeCount),
    edgeWeights: weights ? trimmed(weights, edgeCount) : null,
    ...(weightColumn !== undefined ? { edgeWeightColumn: weightColumn } : {}),
    edgeTypeIndex: new Uint16Array(edgeCount),
    edgeTypeNames: edgeCount > 0 ? [defaultTypeName] : [],
    edgeProperties: new Array(edgeCount).fill(null),
  };
}

/**
 * Reads and interns node ids: canonical non-negative integers ("0", "17", not "017") by value
 * — a dense Int32Array for small values, a Map for large ones — and anything else by its
 * decoded string. The canonical form makes the two paths agree with plain string identity.
 * A token is scanned once: finding its end and computing its value share one loop.
 */
class IdInterner {
  readonly nodeIds: string[] = [];
  /** Index of the node read by the last readNode call. */
  lastIndex = -1;
  private dense = new Int32Array(1 << 16).fill(-1);
  private readonly byNumber = new Map<number, number>();
  private readonly byString = new Map<string, number>();
  private readonly decoder = new TextDecoder("utf-8", { fatal: false });

  /** Reads the token at `start`, sets lastIndex, returns the token's end. */
  readNode(bytes: Uint8Array, start: number, line: number, lineStart: number): number {
    let p = start;
    let value = 0;
    let numeric = true;
    while (p < bytes.length) {
      const c = bytes[p];
      const digit = c - 48;
      if (digit >= 0 && digit <= 9) {
        value = value * 10 + digit;
      } else if (c <= space) {
        if (c === space || c === tab || c === newline || c === carriageReturn) break;
        if (c === 11 || c === 12) break;
        if (c === 0) throw binaryFileError(p, line, lineStart);
        numeric = false;
      } else {
        numeric = false;
      }
      p++;
    }
    const digits = p - start;
    if (numeric && digits <= 15 && (digits === 1 || bytes[start] !== 48)) {
      this.lastIndex = this.internNumber(value);
    } else {
      this.lastIndex = this.internString(this.decoder.decode(bytes.subarray(start, p)));
    }
    return p;
  }

  private internNumber(value: number): number {
    if (value >= denseIdLimit) {
      let index = this.byNumber.get(value);
      if (index === undefined) {
        index = this.nodeIds.length;
        this.byNumber.set(value, index);
        this.nodeIds.push(String(value));
      }
      return index;
    }
    if (value >= this.dense.length) {
      let size = this.dense.length;
      while (size <= value) size *= 2;
      const next = new Int32Array(size).fill(-1);
      next.set(this.dense);
      this.dense = next;
    }
    let index = this.dense[value];
    if (index === -1) {
      index = this.nodeIds.length;
      this.dense[value] = index;
      this.nodeIds.push(String(value));
    }
    return index;
  }

  private internString(id: string): number {
    let index = this.byString.get(id);
    if (index === undefined) {
      index = this.nodeIds.length;
      this.byString.set(id, index);
      this.nodeIds.push(id);
    }
    return index;
  }
}

function isBlank(c: number): boolean {
  return c === space || c === tab || c === carriageReturn || c === 11 || c === 12;
}

function skipBlanks(bytes: Uint8Array, from: number): number {
  let p = from;
  while (p < bytes.length && isBlank(bytes[p])) p++;
  return p;
}

/** End of the token starting at `from`; a NUL byte means a binary file, not an edge list. */
function tokenEnd(bytes: Uint8Array, from: number, line: number, lineStart: number): number {
  let p = from;
  while (p < bytes.length) {
    const c = bytes[p];
    if (c === newline || isBlank(c)) break;
    if (c === 0) throw binaryFileError(p, line, lineStart);
    p++;
  }
  return p;
}

/** Position of the line's newline (or the end); a plain loop, as the newline is usually next. */
function endOfLine(bytes: Uint8Array, from: number): number {
  let p = from;
  while (p < bytes.length && bytes[p] !== newline) p++;
  return p;
}

function estimatedLines(bytes: Uint8Array): number {
  const sample = Math.min(bytes.length, 1 << 16);
  let lines = 1;
  for (let i = 0; i < sample; i++) if (bytes[i] === newline) lines++;
  if (sample === bytes.length) return Math.max(16, lines);
  return Math.max(16, Math.ceil(((bytes.length / sample) * lines * 21) / 20));
}

/** The array itself when already the right length (no copy), else a trimmed copy. */
function trimmed<T extends Int32Array | Float64Array>(array: T, length: number): T {
  return array.length === length ? array : (array.slice(0, length) as T);
}

function grow<T extends Int32Array | Float64Array>(array: T, size: number): T {
  const next = new (array.constructor as new (length: number) => T)(size);
  next.set(array);
  return next;
}
