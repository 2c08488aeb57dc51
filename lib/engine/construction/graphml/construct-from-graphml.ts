import type { GraphData, PropertyValue } from "../../graph/graph-data";
import {
  type FileAttributes,
  type FilePosition,
  fileParseError,
  GraphFileBuilder,
} from "../graph-file/graph-file-builder";
import { readXmlStream, type XmlPosition } from "../graph-file/read-xml-stream";
import type { GraphFileContent } from "../graph-file/text-chunks";
import { declaredTypeNoun, typedAttributeValue } from "../graph-file/typed-attribute-value";
import { type GraphmlKey, graphmlKey, keysWithDefaults } from "./graphml-keys";

type OpenElement = {
  kind: "node" | "edge";
  id: string;
  source?: string;
  target?: string;
  attributes: FileAttributes;
  position: FilePosition;
};

/**
 * Builds a graph from GraphML as NetworkX, yEd, Gephi and igraph write it, streaming (SAX):
 * `edgedefault` gives the direction (undirected when absent, as NetworkX reads it), `<key>`
 * declarations type the `<data>` values (`attr.type`: boolean, int, long, float, double, string),
 * key defaults fill what an element leaves out. A graph has one direction, so an edge's own
 * `directed` attribute is not read. Nested graphs and hyperedges are refused with their line;
 * keys without `attr.name` (yEd graphics) and the XML inside their `<data>` are skipped.
 */
export function constructFromGraphml(input: {
  content: GraphFileContent;
  weighted?: boolean;
  signal?: AbortSignal;
}): GraphData {
  const reader = new GraphmlReader(input.weighted);
  readXmlStream({
    content: input.content,
    format: "GraphML",
    handlers: reader,
    signal: input.signal,
  });
  return reader.finish();
}

class GraphmlReader {
  private readonly keys = new Map<string, GraphmlKey>();
  private builder: GraphFileBuilder | null = null;
  private graphDepth = 0;
  private element: OpenElement | null = null;
  private data: { key: GraphmlKey; text: string; position: FilePosition } | null = null;
  private defaultOf: GraphmlKey | null = null;
  private defaultText = "";
  // Elements inside a <data> (yEd's graphics XML) are skipped whole.
  private skipDepth = 0;

  constructor(private readonly weighted: boolean | undefined) {}

  open(name: string, attributes: Record<string, string>, at: XmlPosition): void {
    if (this.skipDepth > 0 || this.data) {
      this.skipDepth++;
      return;
    }
    const position = { line: at.line, column: at.column, element: name };
    if (name === "key") this.openKey(attributes, position);
    else if (name === "default") this.defaultText = "";
    else if (name === "graph") this.openGraph(attributes, position);
    else if (name === "node" || name === "edge") this.openElement(name, attributes, position);
    else if (name === "data") this.openData(attributes, position);
    else if (name === "hyperedge") {
      throw fileParseError(
        `The GraphML file has a <hyperedge> at line ${at.line}; hyperedges are not supported.`,
        position,
      );
    }
  }

  text(text: string): void {
    if (this.skipDepth > 0) return;
    if (this.data) this.data.text += text;
    else if (this.defaultOf) this.defaultText += text;
  }

  close(name: string): void {
    if (this.skipDepth > 0) {
      this.skipDepth--;
      return;
    }
    if (name === "data") this.closeData();
    else if (name === "default" && this.defaultOf) this.closeDefault();
    else if (name === "key") this.defaultOf = null;
    else if (name === "node" || name === "edge") this.closeElement();
    else if (name === "graph") this.graphDepth--;
  }

  finish(): GraphData {
    if (!this.builder) {
      throw fileParseError("The GraphML file has no <graph> element.", { element: "graphml" });
    }
    return this.builder.build();
  }

  private openKey(attributes: Record<string, string>, position: FilePosition) {
    const key = graphmlKey(attributes);
    if (key.id === "") throw fileParseError(`A <key> without an id${at(position)}.`, position);
    this.keys.set(key.id, key);
    this.defaultOf = key;
  }

  private closeDefault() {
    const key = this.defaultOf as GraphmlKey;
    key.defaultValue = this.typed(key, this.defaultText, { element: "default" });
  }

  private openGraph(attributes: Record<string, string>, position: FilePosition) {
    if (this.element || this.builder) {
      throw fileParseError(
        `The GraphML file has a second or nested <graph>${at(position)}; only one flat graph is supported.`,
        position,
      );
    }
    this.graphDepth++;
    this.builder = new GraphFileBuilder({
      directed: attributes.edgedefault === "directed",
      format: "GraphML",
      weighted: this.weighted,
    });
  }

  private openElement(
    kind: "node" | "edge",
    attributes: Record<string, string>,
    position: FilePosition,
  ) {
    if (!this.builder || this.graphDepth === 0) {
      throw fileParseError(`A <${kind}> outside a <graph>${at(position)}.`, position);
    }
    if (this.element) {
      throw fileParseError(`A <${kind}> inside a <${this.element.kind}>${at(position)}.`, position);
    }
    const id = attributes.id;
    if (kind === "node" && (id === undefined || id === "")) {
      throw fileParseError(`A <node> without an id${at(position)}.`, position);
    }
    if (kind === "edge" && (attributes.source === undefined || attributes.target === undefined)) {
      throw fileParseError(
        `An <edge> without a source or target attribute${at(position)}.`,
        position,
      );
    }
    this.element = {
      kind,
      id: id ?? "",
      source: attributes.source,
      target: attributes.target,
      attributes: new Map(),
      position,
    };
  }

  private openData(attributes: Record<string, string>, position: FilePosition) {
    if (!this.element) {
      this.skipDepth++; // Graph-level data: not part of a node or an edge.
      return;
    }
    const key = this.keys.get(attributes.key ?? "");
    if (!key) {
      throw fileParseError(
        `A <data> names the key "${attributes.key ?? ""}", which no <key> declares${at(position)}.`,
        position,
      );
    }
    if (key.name === null) {
      this.skipDepth++;
      return;
    }
    this.data = { key, text: "", position };
  }

  private closeData() {
    const data = this.data;
    const element = this.element;
    this.data = null;
    if (!data || !element || data.key.name === null) return;
    element.attributes.set(data.key.name, this.typed(data.key, data.text, data.position));
  }

  private closeElement() {
    const element = this.element as OpenElement;
    this.element = null;
    for (const key of this.defaultsFor(element.kind)) {
      const name = key.name as string;
      if (!element.attributes.has(name)) element.attributes.set(name, key.defaultValue ?? null);
    }
    const builder = this.builder as GraphFileBuilder;
    if (element.kind === "node") {
      builder.addNode({
        id: element.id,
        attributes: element.attributes,
        position: element.position,
      });
      return;
    }
    builder.addEdge({
      source: element.source as string,
      target: element.target as string,
      ...(element.id ? { name: `"${element.id}" (${element.source} → ${element.target})` } : {}),
      attributes: element.attributes,
      position: element.position,
    });
  }

  // Keys are all declared before the graph in practice; recomputed only when one is added.
  private defaults: { node: GraphmlKey[]; edge: GraphmlKey[]; keyCount: number } | null = null;

  private defaultsFor(kind: "node" | "edge"): GraphmlKey[] {
    if (this.defaults?.keyCount !== this.keys.size) {
      this.defaults = {
        node: keysWithDefaults(this.keys, "node"),
        edge: keysWithDefaults(this.keys, "edge"),
        keyCount: this.keys.size,
      };
    }
    return this.defaults[kind];
  }

  private typed(key: GraphmlKey, text: string, position: FilePosition): PropertyValue {
    const value = typedAttributeValue(text, key.type);
    if (value === undefined) {
      throw fileParseError(
        `The value "${text}" of "${key.name}" is not ${declaredTypeNoun(key.type)}${at(position)}.`,
        { ...position, attribute: key.name },
      );
    }
    return value;
  }
}

function at(position: FilePosition): string {
  return position.line !== undefined ? ` at line ${position.line}` : "";
}
