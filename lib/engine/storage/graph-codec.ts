import { createHash } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";
import { EngineError } from "../engine-error";
import type { GraphData, Properties } from "../graph/graph-data";

/** Name of the payload format stored beside the bytes (Construction.payloadFormat). */
export const graphPayloadFormat = "gwb1+gzip";

// GWB1: every property in the JSON block. GWB2 adds a wide node table's typed numeric store
// (GraphData.nodeNumericColumns) as a raw matrix after it; a graph without one is still written
// as GWB1, byte for byte as before, and both are read.
const magic = "GWB1";
const magicWithNumericColumns = "GWB2";

type Header = {
  directed: boolean;
  nodeCount: number;
  edgeCount: number;
  weighted: boolean;
  /** GraphData.edgeWeightColumn; absent in payloads written before it existed. */
  weightColumn?: string;
  nodeTypeNames: string[];
  edgeTypeNames: string[];
  stringsBytes: number;
  /** GWB2: the typed store's column names and element type; its matrix follows the strings. */
  numericColumns?: { names: string[]; float32: boolean; propertyOrder?: string[] };
};

/**
 * Encodes a graph compactly for PostgreSQL: the typed columns as raw little-endian arrays, the
 * strings and properties as one JSON block, all gzipped — one blob per revision instead of a
 * row per edge. Returns the bytes and their sha256, checked again on load.
 */
export function encodeGraph(graph: GraphData): { bytes: Uint8Array; sha256: string } {
  const numeric = graph.nodeNumericColumns;
  const strings = Buffer.from(
    JSON.stringify({
      nodeIds: graph.nodeIds,
      nodeLabels: graph.nodeLabels,
      nodeProperties: graph.nodeProperties,
      edgeProperties: compactProperties(graph.edgeProperties),
    }),
  );
  const header: Header = {
    directed: graph.directed,
    nodeCount: graph.nodeIds.length,
    edgeCount: graph.edgeSources.length,
    weighted: graph.edgeWeights !== null,
    ...(graph.edgeWeights && graph.edgeWeightColumn !== undefined
      ? { weightColumn: graph.edgeWeightColumn }
      : {}),
    nodeTypeNames: graph.nodeTypeNames,
    edgeTypeNames: graph.edgeTypeNames,
    stringsBytes: strings.byteLength,
    ...(numeric
      ? {
          numericColumns: {
            names: numeric.names,
            float32: numeric.values instanceof Float32Array,
            ...(numeric.propertyOrder ? { propertyOrder: numeric.propertyOrder } : {}),
          },
        }
      : {}),
  };
  const headerBytes = Buffer.from(JSON.stringify(header));
  const parts: Uint8Array[] = [
    Buffer.from(numeric ? magicWithNumericColumns : magic),
    uint32(headerBytes.byteLength),
    headerBytes,
    bytesOf(graph.edgeSources),
    bytesOf(graph.edgeTargets),
    ...(graph.edgeWeights ? [bytesOf(graph.edgeWeights)] : []),
    bytesOf(graph.nodeTypeIndex),
    bytesOf(graph.edgeTypeIndex),
    strings,
    ...(numeric ? [bytesOf(numeric.values)] : []),
  ];
  const bytes = gzipSync(Buffer.concat(parts), { level: 6 });
  return { bytes, sha256: sha256(bytes) };
}

/** Decodes a payload made by encodeGraph; a wrong checksum or a damaged blob is refused. */
export function decodeGraph(input: { bytes: Uint8Array; sha256?: string | null }): GraphData {
  if (input.sha256 && sha256(input.bytes) !== input.sha256) {
    throw new EngineError("INVALID_REQUEST", "The stored graph is damaged (checksum mismatch).");
  }
  const raw = gunzipSync(input.bytes);
  const format = raw.subarray(0, 4).toString();
  if (format !== magic && format !== magicWithNumericColumns) {
    throw new EngineError("INVALID_REQUEST", "The stored graph has an unknown format.");
  }
  const headerLength = raw.readUInt32LE(4);
  let offset = 8;
  const header = JSON.parse(raw.subarray(offset, offset + headerLength).toString()) as Header;
  offset += headerLength;
  const take = <T>(make: (buffer: ArrayBuffer) => T, bytes: number): T => {
    // Copy into a fresh, aligned buffer: the gunzip buffer's offsets are not aligned.
    const copy = new Uint8Array(bytes);
    copy.set(raw.subarray(offset, offset + bytes));
    offset += bytes;
    return make(copy.buffer);
  };
  const { nodeCount, edgeCount } = header;
  const edgeSources = take((buffer) => new Int32Array(buffer), edgeCount * 4);
  const edgeTargets = take((buffer) => new Int32Array(buffer), edgeCount * 4);
  const edgeWeights = header.weighted
    ? take((buffer) => new Float64Array(buffer), edgeCount * 8)
    : null;
  const nodeTypeIndex = take((buffer) => new Uint16Array(buffer), nodeCount * 2);
  const edgeTypeIndex = take((buffer) => new Uint16Array(buffer), edgeCount * 2);
  const strings = JSON.parse(raw.subarray(offset, offset + header.stringsBytes).toString()) as {
    nodeIds: string[];
    nodeLabels: (string | null)[];
    nodeProperties: Properties[];
    edgeProperties: Properties[] | null;
  };
  offset += header.stringsBytes;
  const numericHeader = format === magicWithNumericColumns ? header.numericColumns : undefined;
  const numericColumns = numericHeader
    ? {
        names: numericHeader.names,
        ...(numericHeader.propertyOrder ? { propertyOrder: numericHeader.propertyOrder } : {}),
        values: numericHeader.float32
          ? take((buffer) => new Float32Array(buffer), nodeCount * numericHeader.names.length * 4)
          : take((buffer) => new Float64Array(buffer), nodeCount * numericHeader.names.length * 8),
      }
    : undefined;
  return {
    directed: header.directed,
    nodeIds: strings.nodeIds,
    nodeTypeIndex,
    nodeTypeNames: header.nodeTypeNames,
    nodeLabels: strings.nodeLabels,
    nodeProperties: strings.nodeProperties,
    ...(numericColumns ? { nodeNumericColumns: numericColumns } : {}),
    edgeSources,
    edgeTargets,
    edgeWeights,
    ...(edgeWeights && header.weightColumn !== undefined
      ? { edgeWeightColumn: header.weightColumn }
      : {}),
    edgeTypeIndex,
    edgeTypeNames: header.edgeTypeNames,
    edgeProperties: strings.edgeProperties ?? new Array(edgeCount).fill(null),
  };
}

/** All-null edge properties (the common case) are stored as one null, not a million. */
function compactProperties(properties: Properties[]): Properties[] | null {
  return properties.some((value) => value !== null) ? properties : null;
}

function bytesOf(array: Int32Array | Float64Array | Float32Array | Uint16Array): Uint8Array {
  return new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
}

function uint32(value: number): Uint8Array {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32LE(value);
  return buffer;
}

function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}
