import type { GraphData } from "../graph/graph-data";
import { characterMasks } from "./character-masks";

/** Lower-cased texts of one kind (ids, labels, property values) with their character masks. */
export type MaskedTexts = {
  texts: (string | null)[];
  once: Int32Array;
  twice: Int32Array;
};

/** Lower-cased node ids and labels of one graph (null label = none). */
export type NodeNameText = { ids: MaskedTexts; labels: MaskedTexts };

/**
 * Lower-cased node property values, flattened: node i owns entries offsets[i]…offsets[i+1]-1,
 * each a property name and its value as text (numbers and booleans as written, nulls left out).
 */
export type NodePropertyText = { offsets: Int32Array; keys: string[]; values: MaskedTexts };

// Graph data is never mutated in place (optimisation builds a new one), so the caches cannot go
// stale, and WeakMaps let them die with their graph.
const nameCache = new WeakMap<GraphData, NodeNameText>();
const propertyCache = new WeakMap<GraphData, NodePropertyText>();

/** Node ids and labels, prepared on the first search of a graph and then reused. */
export function nodeNameText({ graph }: { graph: GraphData }): NodeNameText {
  let text = nameCache.get(graph);
  if (!text) {
    text = {
      ids: maskTexts(graph.nodeIds.map((id) => id.toLowerCase())),
      labels: maskTexts(graph.nodeLabels.map((label) => label?.toLowerCase() ?? null)),
    };
    nameCache.set(graph, text);
  }
  return text;
}

/** Node property values, prepared on the first node search of a graph and then reused. */
export function nodePropertyText({ graph }: { graph: GraphData }): NodePropertyText {
  let text = propertyCache.get(graph);
  if (!text) {
    const offsets = new Int32Array(graph.nodeIds.length + 1);
    const keys: string[] = [];
    const values: string[] = [];
    // The typed store's columns (wide tables) follow each node's other properties, as
    // nodePropertiesOf orders them.
    const numeric = graph.nodeNumericColumns;
    graph.nodeProperties.forEach((properties, node) => {
      if (properties !== null) {
        for (const key in properties) {
          const value = properties[key];
          if (value === null) continue;
          keys.push(key);
          values.push(typeof value === "string" ? value.toLowerCase() : String(value));
        }
      }
      if (numeric) {
        const width = numeric.names.length;
        for (let c = 0, at = node * width; c < width; c++, at++) {
          const value = numeric.values[at];
          if (Number.isNaN(value)) continue;
          keys.push(numeric.names[c]);
          values.push(String(value));
        }
      }
      offsets[node + 1] = keys.length;
    });
    text = { offsets, keys, values: maskTexts(values) };
    propertyCache.set(graph, text);
  }
  return text;
}

function maskTexts(texts: (string | null)[]): MaskedTexts {
  const once = new Int32Array(texts.length);
  const twice = new Int32Array(texts.length);
  texts.forEach((text, i) => {
    if (text === null) return;
    const masks = characterMasks({ text });
    once[i] = masks.once;
    twice[i] = masks.twice;
  });
  return { texts, once, twice };
}
