import { throwIfCancelled } from "../../cancel-signal";
import type { GraphData, PropertyValue } from "../../graph/graph-data";
import {
  type FileAttributes,
  fileParseError,
  GraphFileBuilder,
} from "../graph-file/graph-file-builder";
import { contentText, type GraphFileContent } from "../graph-file/text-chunks";
import { type GmlToken, GmlTokenizer } from "./gml-tokenizer";

type Item = { key: string; value: PropertyValue; line: number; column: number };
type Block = { items: Item[]; line: number; column: number };

/**
 * Builds a graph from GML as NetworkX, igraph, Cytoscape and yEd write it: `directed 1` makes
 * it directed; each `node [ id … ]` is a node keyed by its `id` (its `label` is the label),
 * each `edge [ source … target … ]` an edge between ids; other keys keep their GML type
 * (numbers stay numbers, "strings" strings); nested lists (`graphics [ … ]`) are skipped.
 * Read token by token: nodes and edges are built as they are read, never as a tree.
 */
export function constructFromGml(input: {
  content: GraphFileContent;
  weighted?: boolean;
  signal?: AbortSignal;
}): GraphData {
  const tokens = new GmlTokenizer(contentText(input.content));
  let builder: GraphFileBuilder | null = null;
  for (let token = tokens.next(); token.kind !== "end"; token = tokens.next()) {
    const key = expectKey(token);
    const value = tokens.next();
    if (key.text !== "graph" || value.kind !== "open") {
      if (value.kind === "open") skipList(tokens, value);
      else expectValue(value, key.text);
      continue;
    }
    if (builder) throw fileParseError(`The GML file has a second graph at line ${key.line}.`, key);
    builder = readGraph({ tokens, opened: value, weighted: input.weighted, signal: input.signal });
  }
  if (!builder) throw fileParseError("The GML file has no `graph [ … ]` block.", { line: 1 });
  return builder.build();
}

function readGraph(input: {
  tokens: GmlTokenizer;
  opened: GmlToken;
  weighted?: boolean;
  signal?: AbortSignal;
}): GraphFileBuilder {
  const { tokens } = input;
  const pending: { kind: "node" | "edge"; block: Block }[] = [];
  let directed = false;
  let builder: GraphFileBuilder | null = null;
  let count = 0;
  for (let token = tokens.next(); token.kind !== "close"; token = tokens.next()) {
    if (token.kind === "end") throw unclosed(input.opened, "graph", token);
    const key = expectKey(token);
    const value = tokens.next();
    if ((key.text === "node" || key.text === "edge") && value.kind === "open") {
      const block = readBlock(tokens, value, key.text);
      // `directed` may come after the first nodes; hold them until the first edge needs it.
      if (builder) addElement(builder, key.text, block);
      else pending.push({ kind: key.text, block });
      if (++count % 16384 === 0) throwIfCancelled(input.signal);
      if (key.text === "edge" && !builder)
        builder = startBuilder(directed, input.weighted, pending);
    } else if (value.kind === "open") skipList(tokens, value);
    else if (key.text === "directed") directed = expectValue(value, key.text) === 1;
    else expectValue(value, key.text);
  }
  return builder ?? startBuilder(directed, input.weighted, pending);
}

function startBuilder(
  directed: boolean,
  weighted: boolean | undefined,
  pending: { kind: "node" | "edge"; block: Block }[],
): GraphFileBuilder {
  const builder = new GraphFileBuilder({ directed, format: "GML", weighted });
  for (const { kind, block } of pending) addElement(builder, kind, block);
  pending.length = 0;
  return builder;
}

function addElement(builder: GraphFileBuilder, kind: "node" | "edge", block: Block) {
  const attributes: FileAttributes = new Map();
  const position = { line: block.line, column: block.column, element: kind };
  const ends: Record<string, PropertyValue> = {};
  for (const item of block.items) {
    if (kind === "node" && item.key === "id") ends.id = item.value;
    else if (kind === "edge" && (item.key === "source" || item.key === "target"))
      ends[item.key] = item.value;
    else attributes.set(item.key, item.value);
  }
  if (kind === "node") {
    if (ends.id === undefined)
      throw fileParseError(`A GML node without an id at line ${block.line}.`, position);
    builder.addNode({ id: nodeKey(builder, String(ends.id), attributes), attributes, position });
    return;
  }
  if (ends.source !== undefined) ends.source = edgeEnd(builder, String(ends.source));
  if (ends.target !== undefined) ends.target = edgeEnd(builder, String(ends.target));
  if (ends.source === undefined || ends.target === undefined) {
    throw fileParseError(`A GML edge without a source or target at line ${block.line}.`, position);
  }
  builder.addEdge({
    source: String(ends.source),
    target: String(ends.target),
    attributes,
    position,
  });
}

// The workbench's own GML export (lib/exports/write-gml.ts) follows NetworkX: `id` is a position,
// `label` the node's own id and `display_label` its human label. A node carrying display_label is
// read back by that convention, so an exported graph comes back with its own node ids.
const exportedIds = new WeakMap<GraphFileBuilder, Map<string, string>>();

function nodeKey(builder: GraphFileBuilder, id: string, attributes: FileAttributes): string {
  const name = attributes.get("label");
  if (!attributes.has("display_label") || name === undefined || name === null) return id;
  let ids = exportedIds.get(builder);
  if (!ids) {
    ids = new Map();
    exportedIds.set(builder, ids);
  }
  ids.set(id, String(name));
  // A node without a label of its own was exported with its id as display_label.
  const shown = attributes.get("display_label") ?? null;
  attributes.set("label", shown === String(name) ? null : shown);
  attributes.delete("display_label");
  return String(name);
}

function edgeEnd(builder: GraphFileBuilder, id: string): string {
  return exportedIds.get(builder)?.get(id) ?? id;
}

/** The key/value pairs of a `node [ … ]` or `edge [ … ]`; nested lists are skipped. */
function readBlock(tokens: GmlTokenizer, opened: GmlToken, name: string): Block {
  const items: Item[] = [];
  for (let token = tokens.next(); token.kind !== "close"; token = tokens.next()) {
    if (token.kind === "end") throw unclosed(opened, name, token);
    const key = expectKey(token);
    const value = tokens.next();
    if (value.kind === "open") skipList(tokens, value);
    else
      items.push({
        key: key.text,
        value: expectValue(value, key.text),
        line: key.line,
        column: key.column,
      });
  }
  return { items, line: opened.line, column: opened.column };
}

function skipList(tokens: GmlTokenizer, opened: GmlToken) {
  let depth = 1;
  while (depth > 0) {
    const token = tokens.next();
    if (token.kind === "end") throw unclosed(opened, "list", token);
    if (token.kind === "open") depth++;
    else if (token.kind === "close") depth--;
  }
}

function expectKey(token: GmlToken): Extract<GmlToken, { kind: "key" }> {
  if (token.kind === "key") return token;
  throw fileParseError(
    `The GML file has ${describeToken(token)} at line ${token.line}, column ${token.column}, where a key was expected.`,
    { line: token.line, column: token.column },
  );
}

function expectValue(token: GmlToken, key: string): PropertyValue {
  if (token.kind === "number") return Number.isNaN(token.value) ? token.text : token.value;
  if (token.kind === "string") return token.value;
  throw fileParseError(
    `The GML key "${key}" has no value: ${describeToken(token)} at line ${token.line}, column ${token.column}.`,
    { line: token.line, column: token.column },
  );
}

function unclosed(opened: GmlToken, name: string, end: GmlToken) {
  return fileParseError(
    `The GML file ends (line ${end.line}) inside the ${name} opened with "[" at line ${opened.line}, column ${opened.column}: a "]" is missing.`,
    { line: opened.line, column: opened.column },
  );
}

function describeToken(token: GmlToken): string {
  if (token.kind === "key") return `"${token.text}"`;
  if (token.kind === "number") return `the number ${token.text}`;
  if (token.kind === "string") return "a string";
  if (token.kind === "open") return '"["';
  if (token.kind === "close") return '"]"';
  return "the end of the file";
}
