import { throwIfCancelled } from "../../cancel-signal";
import type { GraphData, PropertyValue } from "../../graph/graph-data";
import {
  type FileAttributes,
  fileParseError,
  GraphFileBuilder,
} from "../graph-file/graph-file-builder";
import { contentText, type GraphFileContent } from "../graph-file/text-chunks";
import { locateJsonError } from "./locate-json-error";

/**
 * Builds a graph from node-link JSON as NetworkX (`json_graph.node_link_data`) and d3 write it:
 * `{directed?, multigraph?, graph?, nodes: [{id, …}], links | edges: [{source, target, …}]}`.
 * `directed` defaults to false (as NetworkX reads it); JSON numbers, booleans and strings keep
 * their types; nested objects and lists are kept as their JSON text. An endpoint may be an id
 * or a node object with an `id` (what d3's force layout leaves behind).
 */
export function constructFromNodeLinkJson(input: {
  content: GraphFileContent;
  weighted?: boolean;
  signal?: AbortSignal;
}): GraphData {
  const text = contentText(input.content);
  const document = parseJson(text);
  if (typeof document !== "object" || document === null || Array.isArray(document)) {
    throw fileParseError(
      'The JSON file is not a node-link object: expected {"nodes": […], "links": […]}.',
      {
        element: "$",
      },
    );
  }
  const root = document as Record<string, unknown>;
  const nodes = root.nodes;
  const linksKey = Array.isArray(root.links) ? "links" : "edges";
  const links = root[linksKey] ?? [];
  if (!Array.isArray(nodes))
    throw fileParseError('The JSON file has no "nodes" list.', { element: "nodes" });
  if (!Array.isArray(links))
    throw fileParseError(`The JSON "${linksKey}" is not a list.`, { element: linksKey });
  const builder = new GraphFileBuilder({
    directed: root.directed === true,
    format: "JSON",
    weighted: input.weighted,
  });
  nodes.forEach((node, index) => {
    const element = `nodes[${index}]`;
    const record = expectObject(node, element);
    const id = endpointId(record.id);
    if (id === undefined)
      throw fileParseError(`${element} has no "id" (a string or a number).`, {
        element,
        row: index + 1,
      });
    builder.addNode({
      id,
      attributes: attributesOf(record, ["id"], element),
      position: { element, row: index + 1 },
    });
    if (index % 16384 === 0) throwIfCancelled(input.signal);
  });
  links.forEach((link, index) => {
    const element = `${linksKey}[${index}]`;
    const record = expectObject(link, element);
    const source = endpointId(record.source);
    const target = endpointId(record.target);
    if (source === undefined || target === undefined) {
      throw fileParseError(`${element} needs a "source" and a "target" (node ids).`, {
        element,
        row: index + 1,
      });
    }
    builder.addEdge({
      source,
      target,
      name: `${element} (${source} → ${target})`,
      attributes: attributesOf(record, ["source", "target"], element),
      position: { element, row: index + 1 },
    });
    if (index % 16384 === 0) throwIfCancelled(input.signal);
  });
  return builder.build();
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const offset = locateJsonError(text);
    const before = text.slice(0, offset);
    const line = before.split("\n").length;
    const column = offset - before.lastIndexOf("\n");
    throw fileParseError(
      `The JSON file is not valid JSON at line ${line}, column ${column}: ${message}.`,
      {
        line,
        column,
      },
    );
  }
}

function expectObject(value: unknown, element: string): Record<string, unknown> {
  if (typeof value === "object" && value !== null && !Array.isArray(value))
    return value as Record<string, unknown>;
  throw fileParseError(`${element} is not an object.`, { element });
}

function endpointId(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "object" && value !== null && "id" in value)
    return endpointId((value as { id: unknown }).id);
  return undefined;
}

function attributesOf(
  record: Record<string, unknown>,
  skip: string[],
  element: string,
): FileAttributes {
  const attributes: FileAttributes = new Map();
  for (const [key, value] of Object.entries(record)) {
    if (!skip.includes(key)) attributes.set(key, propertyValue(value, element, key));
  }
  return attributes;
}

function propertyValue(value: unknown, element: string, key: string): PropertyValue {
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : String(value);
  try {
    return JSON.stringify(value);
  } catch (error) {
    // JSON.parse takes lists nested hundreds of thousands deep; writing them back out as the
    // property's text overflows the stack. Say which value, not "could not be built".
    if (!(error instanceof RangeError)) throw error;
    throw fileParseError(
      `The value of "${key}" in ${element} is nested too deeply to keep as a property.`,
      { element, attribute: key },
    );
  }
}
