import type { GraphSchemaView } from "./graph-schema";
import type { SimilarityMetric } from "./question-words";
import type { ResolvedNode } from "./resolve-node-names";

// What the similarity answers share: the metrics' names and how a pair is compared through
// the node type between them.

export const metricNames: Record<SimilarityMetric, string> = {
  jaccard: "Jaccard",
  overlap: "overlap",
  cosine: "cosine",
  common_neighbors: "common neighbours",
  adamic_adar: "Adamic–Adar",
  resource_allocation: "resource allocation",
  preferential_attachment: "preferential attachment",
};

/** The node types one hop from a type, by the schema's edge types. */
export function adjacentTypes(schema: GraphSchemaView, type: string): string[] {
  const types = schema.edge_types.flatMap((edge) => [
    ...(edge.from.includes(type) ? edge.to : []),
    ...(edge.to.includes(type) ? edge.from : []),
  ]);
  return [...new Set(types)].filter((other) => other !== type);
}

export function pairName(id: string, label: string | undefined): string {
  return label && label !== id ? `${label} (${id})` : id;
}

/**
 * Two customers share no neighbour: "customers who buy the same products" compares them by the
 * products two hops away, through the one type between them (their orders).
 */
export function viaTypeFor(input: {
  schema: GraphSchemaView;
  types: string[];
  subject: ResolvedNode;
}): string | undefined {
  const { schema, types, subject } = input;
  const named = types.find((type) => type !== subject.type);
  const adjacent = subject.type ? adjacentTypes(schema, subject.type) : [];
  return named && !adjacent.includes(named) && adjacent.length === 1 ? adjacent[0] : undefined;
}

/**
 * "What is the Jaccard similarity of Kingsbridge and Cathedral Square?": the pair's score from
 * node_similarity (every node scored against the first, the second looked up), beside both
 * nodes' neighbour lists (get_neighbors, one batch) so the answer states the counts the score
 * is made of. A second node node_similarity does not list shares no neighbour with the first:
 * its score is then worked out from the two lists, in the open.
 */
