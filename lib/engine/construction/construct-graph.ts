import { throwIfCancelled } from "../cancel-signal";
import { EngineError } from "../engine-error";
import type { GraphData } from "../graph/graph-data";
import { constructFromCsv } from "./csv/construct-from-csv";
import type { CsvDelimiter } from "./csv/detect-delimiter";
import { constructFromGexf } from "./gexf/construct-from-gexf";
import { constructFromGml } from "./gml/construct-from-gml";
import { constructFromGraphml } from "./graphml/construct-from-graphml";
import { constructFromNodeLinkJson } from "./json/construct-from-node-link-json";
import { constructFromPajek } from "./pajek/construct-from-pajek";
import { parseTextEdgeList } from "./parse-text-edge-list";
import { constructFromSql, type SqlSchemaSummary } from "./sql/construct-from-sql";
import { constructFromSqlite } from "./sqlite/construct-from-sqlite";

/** An uploaded file's content: text, or bytes that must be UTF-8. */
export type UploadContent = string | Uint8Array;

/** The formats a graph is built from (a `.gz` upload arrives decompressed). */
export type ConstructGraphKind =
  | "csv"
  | "txt"
  | "sql"
  | "graphml"
  | "gexf"
  | "gml"
  | "json"
  | "pajek"
  | "sqlite";

/** Graph file formats: they say their own direction and attribute types. */
const graphFileReaders = {
  graphml: constructFromGraphml,
  gexf: constructFromGexf,
  gml: constructFromGml,
  json: constructFromNodeLinkJson,
  pajek: constructFromPajek,
} as const;

/** Options of a construction; each kind reads the ones that apply to it. */
export type ConstructGraphOptions = {
  /**
   * CSV and TXT only (default false); SQL and SQLite graphs always follow foreign keys
   * (directed); graph files (GraphML, GEXF, GML, JSON, Pajek) say their own direction.
   */
  directed?: boolean;
  /**
   * CSV and TXT: read the weight column (CSV `weight`/`w`/`wt`/`cost` or a numeric third
   * column; TXT a numeric third column); graph files: the `weight` attribute. Default: when
   * present; true: required; false: off (kept as a property).
   */
  weighted?: boolean;
  /** CSV only: the column to read edge weights from, by name (see constructFromCsv). */
  weightColumn?: string;
  /** CSV only: force the header rule (default: detected). */
  header?: boolean;
  /** CSV only: force the delimiter (default: detected among , ; tab |). */
  delimiter?: CsvDelimiter;
  /** SQL only: wall-clock limit of the sandbox (default 60 s). */
  timeoutMs?: number;
  /** SQL: largest accepted dump in bytes (default 64 MiB); SQLite: largest file (1 GiB). */
  maxBytes?: number;
};

/**
 * What to construct from. CSV takes `text` (an edge list) plus optionally `nodesText` (a node
 * table), or the same as `texts: { edges, nodes }`.
 */
export type ConstructGraphInput = {
  kind: ConstructGraphKind;
  text?: UploadContent;
  /** CSV only: the node table uploaded with the edge table in `text`. */
  nodesText?: UploadContent;
  texts?: { edges: UploadContent; nodes?: UploadContent };
  options?: ConstructGraphOptions;
  signal?: AbortSignal;
  onProgress?: (fraction: number, stage?: string) => void;
};

/** Counts of a constructed graph (what a saved construction records). */
export type ConstructionSummary = {
  nodeCount: number;
  edgeCount: number;
  nodeTypes: Record<string, number>;
  edgeTypes: Record<string, number>;
  directed: boolean;
  weighted: boolean;
  /** The column the edge weights were read from; null when unweighted. */
  weightColumn: string | null;
  /** SQL only: how each table and foreign key was used or why it was skipped. */
  schemaSummary?: SqlSchemaSummary;
};

/**
 * Builds a graph from an uploaded CSV, TXT edge list, SQL dump, graph file (GraphML, GEXF, GML,
 * node-link JSON, Pajek) or SQLite database. Deterministic: the same
 * input gives an identical GraphData. Failures are EngineErrors (PARSE_ERROR with line and
 * column, UNSUPPORTED_FILE, PAYLOAD_TOO_LARGE, JOB_CANCELLED); nothing partial is returned.
 */
export async function constructGraph(
  input: ConstructGraphInput,
): Promise<{ graph: GraphData; summary: ConstructionSummary }> {
  const { kind, options = {}, signal } = input;
  throwIfCancelled(signal);
  let graph: GraphData;
  let schemaSummary: SqlSchemaSummary | undefined;
  if (kind === "csv") {
    const edges = input.texts?.edges ?? input.text;
    if (edges === undefined) throw missingContent(kind);
    const nodes = input.texts?.nodes ?? input.nodesText;
    graph = constructFromCsv({
      edges: decodeUtf8(edges),
      nodes: nodes === undefined ? undefined : decodeUtf8(nodes),
      directed: options.directed,
      weighted: options.weighted,
      weightColumn: options.weightColumn,
      header: options.header,
      delimiter: options.delimiter,
      signal,
    });
  } else if (kind === "txt") {
    if (input.text === undefined) throw missingContent(kind);
    // The TXT parser works on bytes (faster for large files); decoding first only validates.
    if (typeof input.text !== "string") decodeUtf8(input.text);
    graph = parseTextEdgeList({
      input: input.text,
      directed: options.directed,
      weighted: options.weighted,
    });
  } else if (Object.hasOwn(graphFileReaders, kind)) {
    if (input.text === undefined) throw missingContent(kind);
    const read = graphFileReaders[kind as keyof typeof graphFileReaders];
    graph = read({ content: input.text, weighted: options.weighted, signal });
  } else if (kind === "sqlite") {
    if (input.text === undefined || typeof input.text === "string") {
      throw new EngineError("INVALID_REQUEST", "A SQLite construction needs the file's bytes.");
    }
    const result = await constructFromSqlite({
      bytes: input.text,
      maxBytes: options.maxBytes,
      signal,
      onProgress: input.onProgress,
    });
    graph = result.graph;
    schemaSummary = result.schemaSummary;
  } else if (kind === "sql") {
    if (input.text === undefined) throw missingContent(kind);
    const result = await constructFromSql({
      text: decodeUtf8(input.text),
      timeoutMs: options.timeoutMs,
      maxBytes: options.maxBytes,
      signal,
      onProgress: input.onProgress,
    });
    graph = result.graph;
    schemaSummary = result.schemaSummary;
  } else {
    throw new EngineError("UNSUPPORTED_FILE", `Unknown dataset kind "${String(kind)}".`);
  }
  throwIfCancelled(signal);
  return { graph, summary: summarizeGraph({ graph, schemaSummary }) };
}

/** Node/edge counts per type of a graph, in the graph's type order. */
export function summarizeGraph({
  graph,
  schemaSummary,
}: {
  graph: GraphData;
  schemaSummary?: SqlSchemaSummary;
}): ConstructionSummary {
  return {
    nodeCount: graph.nodeIds.length,
    edgeCount: graph.edgeSources.length,
    nodeTypes: countTypes(graph.nodeTypeNames, graph.nodeTypeIndex),
    edgeTypes: countTypes(graph.edgeTypeNames, graph.edgeTypeIndex),
    directed: graph.directed,
    weighted: graph.edgeWeights !== null,
    weightColumn: graph.edgeWeights ? (graph.edgeWeightColumn ?? null) : null,
    ...(schemaSummary ? { schemaSummary } : {}),
  };
}

function countTypes(names: string[], indexes: Uint16Array): Record<string, number> {
  const counts = new Array<number>(names.length).fill(0);
  for (const index of indexes) counts[index]++;
  const result: Record<string, number> = {};
  names.forEach((name, index) => {
    // defineProperty: a type literally named "__proto__" stays an ordinary key.
    if (counts[index] > 0) {
      Object.defineProperty(result, name, {
        value: counts[index],
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  });
  return result;
}

function decodeUtf8(content: UploadContent): string {
  if (typeof content === "string") return content;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(content);
  } catch {
    throw new EngineError("UNSUPPORTED_FILE", "The file is not UTF-8 text.");
  }
}

function missingContent(kind: string): EngineError {
  return new EngineError("INVALID_REQUEST", `No content was given for the ${kind} construction.`);
}
