/** What the example questions may know of a dataset: its built graph's node and edge types. */
export type ExampleGraphFacts = {
  node_types: Record<string, number> | null;
  edge_types: Record<string, number> | null;
};

/** Questions that fit any graph: nodes, edges and communities, no one domain's things. */
export const genericExampleQuestions = [
  "Which nodes have the highest betweenness centrality?",
  "Which nodes have the highest PageRank?",
  "How many communities does the graph have, and how large are they?",
  "Describe the loaded graph: node and edge types and counts.",
] as const;

// A graph read from a plain edge list has one unnamed type: nothing to phrase a question with.
const unnamedTypes = new Set(["", "default", "node", "edge", "unknown"]);

/** The named types, most frequent first. */
function namedTypes(counts: Record<string, number> | null): string[] {
  return Object.entries(counts ?? {})
    .filter(([type]) => !unnamedTypes.has(type.trim().toLowerCase()))
    .sort(([, left], [, right]) => right - left)
    .map(([type]) => type);
}

/**
 * Example questions for the dataset about to be asked about, in its own words: its node and
 * edge types when the built graph names them (a shop's Customer and PURCHASED), otherwise the
 * generic graph wording — never another dataset's nouns.
 */
export function exampleQuestionsFor(facts: ExampleGraphFacts | null): string[] {
  const nodeTypes = namedTypes(facts?.node_types ?? null);
  const edgeTypes = namedTypes(facts?.edge_types ?? null);
  if (nodeTypes.length === 0 && edgeTypes.length === 0) return [...genericExampleQuestions];
  const questions: string[] = [];
  const [main, other] = nodeTypes;
  if (main) {
    questions.push(`Which ${main} nodes have the highest PageRank?`);
    questions.push(`Which ${main} nodes connect several communities?`);
  }
  if (main && other) questions.push(`How are ${main} and ${other} nodes connected?`);
  const [edge] = edgeTypes;
  if (edge) questions.push(`How many ${edge} edges are there, and which nodes have the most?`);
  questions.push("Describe the loaded graph: node and edge types and counts.");
  return questions.slice(0, 4);
}
