import type { JSONValue } from "@ai-sdk/provider";
import {
  type EngineOutput,
  type FakeEngine,
  fail,
  type ObservedCall,
  ok,
} from "./run-conversation";

// Zachary's karate club (34 nodes, 78 edges) as the fake engine's session graph. Centrality
// figures are NetworkX's (tests/fixtures/karate_reference.json); the partition is a 4-community
// Louvain result with NetworkX's best modularity over 20 seeds.
const edgeList =
  "0-1 0-2 0-3 0-4 0-5 0-6 0-7 0-8 0-10 0-11 0-12 0-13 0-17 0-19 0-21 0-31 1-2 1-3 1-7 1-13 1-17 1-19 1-21 1-30 2-3 2-7 2-8 2-9 2-13 2-27 2-28 2-32 3-7 3-12 3-13 4-6 4-10 5-6 5-10 5-16 6-16 8-30 8-32 8-33 9-33 13-33 14-32 14-33 15-32 15-33 18-32 18-33 19-33 20-32 20-33 22-32 22-33 23-25 23-27 23-29 23-32 23-33 24-25 24-27 24-31 25-31 26-29 26-33 27-33 28-31 28-33 29-32 29-33 30-32 30-33 31-32 31-33 32-33";

/** Exact betweenness of the ten most central karate nodes (NetworkX). */
export const karateBetweenness: [string, number][] = [
  ["n0", 0.43763528138528146],
  ["n33", 0.30407497594997596],
  ["n32", 0.145247113997114],
  ["n2", 0.14365680615680618],
  ["n31", 0.13827561327561325],
  ["n8", 0.05592682780182781],
  ["n1", 0.053936688311688304],
  ["n13", 0.04586339586339586],
  ["n19", 0.03247504810004811],
  ["n5", 0.02998737373737374],
];

/** Exact PageRank of the ten highest-ranked karate nodes (NetworkX). */
export const karatePageRank: [string, number][] = [
  ["n33", 0.10091918232295749],
  ["n0", 0.09699728539860193],
  ["n32", 0.07169322599817837],
  ["n2", 0.05707850948821541],
  ["n1", 0.0528769240641038],
  ["n31", 0.03715808706641703],
  ["n3", 0.03585985778886278],
  ["n23", 0.031522514772867494],
  ["n8", 0.02976605607998976],
  ["n13", 0.02953645615282129],
];

/** Modularity of the partition below (NetworkX's best Louvain result). */
export const karateModularity = 0.41978961209730437;

const partition = [
  [0, 1, 2, 3, 7, 9, 11, 12, 13, 17, 19, 21],
  [23, 24, 25, 27, 28, 31],
  [8, 14, 15, 18, 20, 22, 26, 29, 30, 32, 33],
  [4, 5, 6, 10, 16],
].map((members) => members.map((index) => `n${index}`));

const adjacency = new Map<string, string[]>();
for (const pair of edgeList.split(" ")) {
  const [a, b] = pair.split("-").map((index) => `n${index}`);
  adjacency.set(a, [...(adjacency.get(a) ?? []), b]);
  adjacency.set(b, [...(adjacency.get(b) ?? []), a]);
}
const nodeIds = [...adjacency.keys()].sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
// Labels make name resolution observable: "Mr. Hi" is n0, "John A." is n33.
const labels: Record<string, string> = { n0: "Mr. Hi", n33: "John A." };
const view = (id: string) => ({ id, label: labels[id] ?? id, type: "member" });
const communityOf = (id: string) => partition.findIndex((members) => members.includes(id));

function shortestPath(source: string, target: string): string[] | null {
  const previous = new Map<string, string | null>([[source, null]]);
  const queue = [source];
  while (queue.length > 0) {
    const node = queue.shift() as string;
    if (node === target) break;
    for (const next of adjacency.get(node) ?? []) {
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  if (!previous.has(target)) return null;
  const path: string[] = [];
  for (let node: string | null = target; node !== null; node = previous.get(node) ?? null)
    path.unshift(node);
  return path;
}

/** The graph description a successful load or get_graph_info returns. */
export const karateDescription = {
  loaded: true,
  dataset_id: "ds_karate",
  revision: 3,
  version: 1,
  origin: "construction",
  directed: false,
  weighted: false,
  nodes: 34,
  edges: 78,
  node_types: { member: 34 },
  edge_types: { edge: 78 },
  loaded_at: "2025-01-01T00:00:00.000Z",
};

function centrality(input: Record<string, unknown>): EngineOutput {
  const ranking = input.algorithm === "betweenness" ? karateBetweenness : karatePageRank;
  const ranked = ranking.map(([id, score], index) => ({ rank: index + 1, ...view(id), score }));
  // node_ids: those nodes' scores and ranks (only the ten the reference lists are known).
  const asked = Array.isArray(input.node_ids) ? input.node_ids.map(String) : null;
  const top = ranked.slice(0, Number(input.top_k ?? 10));
  const notes =
    input.algorithm === "pagerank"
      ? { iterations: 31, converged: true }
      : { sampled: false, sources: 34, seed: 42 };
  return ok({
    algorithm: String(input.algorithm),
    weighted: false,
    node_count: 34,
    ...(asked
      ? { nodes: asked.flatMap((id) => ranked.filter((row) => row.id === id)) }
      : { top, truncated: true }),
    ...notes,
  });
}

function communities(input: Record<string, unknown>): EngineOutput {
  const asked = Array.isArray(input.node_ids) ? (input.node_ids as string[]) : [];
  const unknown = asked.find((id) => !adjacency.has(id));
  if (unknown) return fail("NODE_NOT_FOUND", `Node "${unknown}" is not in the graph.`);
  return ok({
    algorithm: "louvain",
    community_count: 4,
    modularity: karateModularity,
    communities: partition
      .map((members, community) => ({
        community,
        size: members.length,
        members,
        members_truncated: false,
      }))
      .sort((a, b) => b.size - a.size),
    truncated: false,
    node_communities: asked.map((id) => ({ ...view(id), community: communityOf(id) })),
  });
}

/** A fake engine with the karate graph loaded from dataset ds_karate revision 3. */
export function karateEngine(overrides: Partial<Record<string, FakeEngine>> = {}): FakeEngine {
  return (call: ObservedCall) => {
    const override = overrides[call.toolName];
    if (override) return override(call);
    const input = call.input;
    switch (call.toolName) {
      case "load_constructed_graph":
      case "get_graph_info":
        return ok(karateDescription as JSONValue);
      case "node_centrality":
        return centrality(input);
      case "degree_analysis": {
        // Raw degrees of the karate club, ranked like the engine (ties by node order).
        const rows = nodeIds
          .map((id) => ({ ...view(id), degree: (adjacency.get(id) ?? []).length }))
          .sort((a, b) => b.degree - a.degree);
        const asked = Array.isArray(input.node_ids) ? input.node_ids.map(String) : null;
        return asked
          ? ok({ mode: "all", nodes: rows.filter((row) => asked.includes(row.id)) })
          : ok({
              mode: "all",
              top: rows
                .slice(0, Number(input.top_k ?? 10))
                .map((row, index) => ({ rank: index + 1, ...row })),
              total: rows.length,
            });
      }
      case "community_detection":
        return communities(input);
      case "search_node": {
        const query = String(input.query);
        const matches = nodeIds
          .filter(
            (id) => id === query || (labels[id] ?? "").toLowerCase().includes(query.toLowerCase()),
          )
          .map((id) => ({
            ...view(id),
            score: id === query ? 1 : 0.8,
            matchedOn: id === query ? "id" : "label",
          }));
        return ok({ matches, truncated: false, total: matches.length });
      }
      case "get_neighbors": {
        const id = String(input.node_id);
        const limit = Number(input.limit ?? 50);
        const all = adjacency.get(id) ?? [];
        return ok({
          node: view(id),
          depth: 1,
          neighbours: all.slice(0, limit).map((other) => ({ ...view(other), hops: 1 })),
          truncated: all.length > limit,
        });
      }
      case "shortest_path": {
        const path = shortestPath(String(input.source), String(input.target)) ?? [];
        return ok({
          source: String(input.source),
          target: String(input.target),
          weighted: false,
          found: path.length > 0,
          length: path.length > 0 ? path.length - 1 : null,
          distance: path.length > 0 ? path.length - 1 : null,
          path: path.map(view),
        });
      }
      case "visualize_subgraph":
        return ok({
          artifact_id: "art_view_1",
          kind: "graph_layout",
          nodes: 12,
          edges: 30,
          truncated: false,
        });
      case "create_analysis_report":
        return ok({
          artifact_id: "art_report_1",
          kind: "analysis_report",
          tools: Object.keys(input.source_results as Record<string, unknown>),
          markdown: "# report",
        });
      default:
        return fail("INVALID_REQUEST", `The karate engine does not fake ${call.toolName}.`);
    }
  };
}
