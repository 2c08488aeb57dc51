import type { GraphData, PropertyValue } from "../../graph/graph-data";
import {
  type FileAttributes,
  type FilePosition,
  fileParseError,
  GraphFileBuilder,
} from "../graph-file/graph-file-builder";
import { readXmlStream, type XmlPosition } from "../graph-file/read-xml-stream";
import type { GraphFileContent } from "../graph-file/text-chunks";
import {
  type DeclaredValueType,
  declaredTypeNoun,
  declaredValueType,
  typedAttributeValue,
} from "../graph-file/typed-attribute-value";

/** A GEXF `<attribute>` of the node or edge class. */
type GexfAttribute = { title: string; type: DeclaredValueType; defaultValue?: PropertyValue };

type OpenElement = {
  kind: "node" | "edge";
  attributes: FileAttributes;
  xml: Record<string, string>;
  position: FilePosition;
};

// GEXF's own edge `type` values say how an edge is directed; any other value (NetworkX writes
// its edges' `type` attribute there) is the edge's type.
const directionWords = new Set(["directed", "undirected", "mutual"]);

/**
 * Builds a graph from GEXF 1.1–1.3 as Gephi and NetworkX write it, streaming (SAX):
 * `defaultedgetype` gives the direction (undirected when absent, as the format says),
 * `<attributes class>` declare typed attributes (`integer`, `long`, `double`, `float`,
 * `boolean`, `string`, …) that `<attvalue for>` sets; a node's `label` is its label, an edge's
 * `weight` its weight and its `kind` (or a non-direction `type`) its type. Visualisation
 * elements are skipped; nested nodes (hierarchies) are refused with their line.
 */
export function constructFromGexf(input: {
  content: GraphFileContent;
  weighted?: boolean;
  signal?: AbortSignal;
}): GraphData {
  const reader = new GexfReader(input.weighted);
  readXmlStream({ content: input.content, format: "GEXF", handlers: reader, signal: input.signal });
  return reader.finish();
}

class GexfReader {
  private readonly declared = {
    node: new Map<string, GexfAttribute>(),
    edge: new Map<string, GexfAttribute>(),
  };
  private attributeClass: "node" | "edge" | null = null;
  private pendingDefault: GexfAttribute | null = null;
  private defaultText: string | null = null;
  private builder: GraphFileBuilder | null = null;
  private element: OpenElement | null = null;

  constructor(private readonly weighted: boolean | undefined) {}

  open(name: string, attributes: Record<string, string>, at: XmlPosition): void {
    const position = { line: at.line, column: at.column, element: name };
    if (name === "graph") this.openGraph(attributes, position);
    else if (name === "attributes") {
      this.attributeClass =
        attributes.class === "edge" ? "edge" : attributes.class === "node" ? "node" : null;
    } else if (name === "attribute" && this.attributeClass) {
      this.pendingDefault = {
        title: attributes.title ?? attributes.id ?? "",
        type: declaredValueType(attributes.type),
      };
      this.declared[this.attributeClass].set(
        attributes.id ?? attributes.title ?? "",
        this.pendingDefault,
      );
    } else if (name === "default" && this.pendingDefault) this.defaultText = "";
    else if (name === "node" || name === "edge") this.openElement(name, attributes, position);
    else if (name === "attvalue") this.openValue(attributes, position);
  }

  text(text: string): void {
    if (this.defaultText !== null) this.defaultText += text;
  }

  close(name: string): void {
    if (name === "default" && this.pendingDefault && this.defaultText !== null) {
      this.pendingDefault.defaultValue = this.typed(this.pendingDefault, this.defaultText, {
        element: "default",
      });
      this.defaultText = null;
    } else if (name === "attribute") this.pendingDefault = null;
    else if (name === "attributes") this.attributeClass = null;
    else if (name === "node" || name === "edge") this.closeElement();
  }

  finish(): GraphData {
    if (!this.builder)
      throw fileParseError("The GEXF file has no <graph> element.", { element: "gexf" });
    return this.builder.build();
  }

  private openGraph(attributes: Record<string, string>, position: FilePosition) {
    if (this.builder) {
      throw fileParseError(
        `The GEXF file has a second <graph> at line ${position.line}.`,
        position,
      );
    }
    this.builder = new GraphFileBuilder({
      directed: attributes.defaultedgetype === "directed",
      format: "GEXF",
      weighted: this.weighted,
    });
  }

  private openElement(kind: "node" | "edge", xml: Record<string, string>, position: FilePosition) {
    if (!this.builder)
      throw fileParseError(`A <${kind}> outside a <graph> at line ${position.line}.`, position);
    if (this.element) {
      throw fileParseError(
        `A <${kind}> inside a <${this.element.kind}> at line ${position.line}: nested (hierarchical) nodes are not supported.`,
        position,
      );
    }
    if (kind === "node" && !xml.id)
      throw fileParseError(`A <node> without an id at line ${position.line}.`, position);
    if (kind === "edge" && (xml.source === undefined || xml.target === undefined)) {
      throw fileParseError(
        `An <edge> without a source or target at line ${position.line}.`,
        position,
      );
    }
    const attributes: FileAttributes = new Map();
    if (xml.label !== undefined) attributes.set("label", xml.label);
    if (kind === "edge") this.edgeXmlAttributes(xml, attributes);
    this.element = { kind, attributes, xml, position };
  }

  private edgeXmlAttributes(xml: Record<string, string>, attributes: FileAttributes) {
    if (xml.weight !== undefined) {
      // Not a number: kept as text, so the builder names the edge (or keeps it as a property).
      attributes.set("weight", typedAttributeValue(xml.weight, "number") ?? xml.weight);
    }
    const type =
      xml.kind ?? (xml.type !== undefined && !directionWords.has(xml.type) ? xml.type : undefined);
    if (type !== undefined) attributes.set("type", type);
  }

  private openValue(xml: Record<string, string>, position: FilePosition) {
    const element = this.element;
    if (!element) return;
    const attribute = this.declared[element.kind].get(xml.for ?? xml.id ?? "");
    if (!attribute) {
      throw fileParseError(
        `An <attvalue> names the ${element.kind} attribute "${xml.for ?? ""}", which no <attribute> declares (line ${position.line}).`,
        position,
      );
    }
    element.attributes.set(attribute.title, this.typed(attribute, xml.value ?? "", position));
  }

  private closeElement() {
    const element = this.element as OpenElement;
    this.element = null;
    for (const attribute of this.declared[element.kind].values()) {
      if (attribute.defaultValue !== undefined && !element.attributes.has(attribute.title)) {
        element.attributes.set(attribute.title, attribute.defaultValue);
      }
    }
    const builder = this.builder as GraphFileBuilder;
    if (element.kind === "node") {
      builder.addNode({
        id: element.xml.id,
        attributes: element.attributes,
        position: element.position,
      });
      return;
    }
    const { id, source, target } = element.xml;
    builder.addEdge({
      source,
      target,
      ...(id !== undefined ? { name: `"${id}" (${source} → ${target})` } : {}),
      attributes: element.attributes,
      position: element.position,
    });
  }

  private typed(attribute: GexfAttribute, text: string, position: FilePosition): PropertyValue {
    const value = typedAttributeValue(text, attribute.type);
    if (value === undefined) {
      throw fileParseError(
        `The value "${text}" of "${attribute.title}" is not ${declaredTypeNoun(attribute.type)} (line ${position.line ?? "?"}).`,
        { ...position, attribute: attribute.title },
      );
    }
    return value;
  }
}
