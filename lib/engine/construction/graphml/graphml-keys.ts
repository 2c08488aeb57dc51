import type { PropertyValue } from "../../graph/graph-data";
import { type DeclaredValueType, declaredValueType } from "../graph-file/typed-attribute-value";

/** A GraphML `<key>`: the attribute a `<data key>` sets, for nodes, edges or both. */
export type GraphmlKey = {
  id: string;
  /** attr.name; keys without one (yEd's graphics) are skipped. */
  name: string | null;
  domain: "node" | "edge" | "graph" | "all";
  type: DeclaredValueType;
  /** The `<default>` value, typed; undefined when the key declares none. */
  defaultValue?: PropertyValue;
};

/** A key from the attributes of its `<key>` element. */
export function graphmlKey(attributes: Record<string, string>): GraphmlKey {
  const domain = attributes.for ?? "all";
  return {
    id: attributes.id ?? "",
    name: attributes["attr.name"] ?? null,
    domain:
      domain === "node" || domain === "edge" || domain === "graph" ? domain : ("all" as const),
    type: declaredValueType(attributes["attr.type"]),
  };
}

/** Keys that apply to an element kind and have a default, for filling what it left out. */
export function keysWithDefaults(keys: Map<string, GraphmlKey>, domain: "node" | "edge") {
  return [...keys.values()].filter(
    (key) =>
      key.name !== null &&
      key.defaultValue !== undefined &&
      (key.domain === domain || key.domain === "all"),
  );
}
