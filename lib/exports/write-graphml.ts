import { type ExportAttribute, type ExportModel, edgeTypeOf, nodeTypeOf } from "./export-model";
import { TextChunks } from "./text-chunks";
import { escapeXml } from "./xml-text";

/** GraphML's own node and edge fields; properties with these names are renamed. */
export const graphmlNaming = {
  reservedNodeNames: ["id", "label", "type"],
  reservedEdgeNames: ["id", "source", "target", "type", "weight"],
} as const;

type Key = { id: string; for: "node" | "edge"; name: string; kind: ExportAttribute["kind"] };

/**
 * The graph as GraphML, in chunks: `label` and `type` on nodes, `type` and the construction
 * weight (`weight`, double) on edges, every property as a `<key>` with its declared
 * `attr.type` (long, double, boolean, string); `edgedefault` says the direction.
 */
export function* writeGraphml(model: ExportModel): Generator<string> {
  const { graph } = model;
  const out = new TextChunks();
  // Each id is escaped once, not once per edge that names it.
  const escapedIds = graph.nodeIds.map(escapeXml);
  const nodeKeys = keysOf("node", [
    { name: "label", kind: "string" },
    { name: "type", kind: "string" },
    ...model.nodeAttributes,
  ]);
  const edgeKeys = keysOf("edge", [
    { name: "type", kind: "string" },
    ...(model.weighted ? [{ name: "weight", kind: "double" as const }] : []),
    ...model.edgeAttributes,
  ]);
  out.add('<?xml version="1.0" encoding="UTF-8"?>\n');
  out.add(
    '<graphml xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">\n',
  );
  for (const key of [...nodeKeys, ...edgeKeys]) {
    out.add(
      `  <key id="${key.id}" for="${key.for}" attr.name="${escapeXml(key.name)}" attr.type="${key.kind}"/>\n`,
    );
  }
  out.add(`  <graph id="G" edgedefault="${model.directed ? "directed" : "undirected"}">\n`);
  for (let node = 0; node < graph.nodeIds.length; node++) {
    const values: unknown[] = [graph.nodeLabels[node], nodeTypeOf(graph, node)];
    for (const attribute of model.nodeAttributes) values.push(attribute.read(node));
    const line = `    <node id="${escapedIds[node]}">${dataElements(nodeKeys, values)}</node>\n`;
    const chunk = out.add(line);
    if (chunk) yield chunk;
  }
  for (let edge = 0; edge < graph.edgeSources.length; edge++) {
    const values: unknown[] = [edgeTypeOf(graph, edge)];
    if (graph.edgeWeights) values.push(graph.edgeWeights[edge]);
    for (const attribute of model.edgeAttributes) values.push(attribute.read(edge));
    const source = escapedIds[graph.edgeSources[edge]];
    const target = escapedIds[graph.edgeTargets[edge]];
    const line = `    <edge source="${source}" target="${target}">${dataElements(edgeKeys, values)}</edge>\n`;
    const chunk = out.add(line);
    if (chunk) yield chunk;
  }
  out.add("  </graph>\n</graphml>\n");
  yield out.flush();
}

function keysOf(
  target: "node" | "edge",
  attributes: { name: string; kind: ExportAttribute["kind"] }[],
): Key[] {
  const prefix = target === "node" ? "n" : "e";
  return attributes.map((attribute, index) => ({
    id: `${prefix}${index}`,
    for: target,
    name: attribute.name,
    kind: attribute.kind,
  }));
}

/** `<data>` elements for the values that are present, in key order. */
function dataElements(keys: Key[], values: unknown[]): string {
  let text = "";
  for (let index = 0; index < keys.length; index++) {
    const value = values[index];
    if (value === null || value === undefined) continue;
    text += `<data key="${keys[index].id}">${escapeXml(String(value))}</data>`;
  }
  return text;
}
