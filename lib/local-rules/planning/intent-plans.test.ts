import { describe, expect, it } from "vitest";
import { attachedKarateState } from "@/lib/contracts/testing/session-states";
import { engineToolSet } from "../testing/engine-tool-set";
import { karateEngine } from "../testing/karate-engine";
import { type EngineOutput, fail, ok, runConversation } from "../testing/run-conversation";

const state = attachedKarateState();

function plan(turns: { calls: { toolName: string; input: Record<string, unknown> }[] }[]) {
  return turns.map((turn) => turn.calls.map((call) => call.toolName));
}

describe("Step B: each intent plans valid calls (validated against the tools' schemas)", () => {
  it("emits betweenness centrality and Louvain communities in ONE turn for bridging nodes", async () => {
    const { turns } = await runConversation({
      question: "Find the key customers that connect several communities",
      state,
      engine: karateEngine(),
    });
    expect(turns[1].calls.map((call) => [call.toolName, call.input.algorithm])).toEqual([
      ["node_centrality", "betweenness"],
      ["community_detection", "louvain"],
    ]);
    expect(turns[2].calls.every((call) => call.toolName === "get_neighbors")).toBe(true);
    expect(turns[2].calls.map((call) => call.input.node_id)).toEqual([
      "n0",
      "n33",
      "n32",
      "n2",
      "n31",
      "n8",
      "n1",
      "n13",
      "n19",
      "n5",
    ]);
    const membership = turns[3].calls[0];
    expect(membership.toolName).toBe("community_detection");
    expect(membership.input.node_ids).toEqual(expect.arrayContaining(["n0", "n33", "n31"]));
    expect(turns[4].calls).toEqual([]);
  });

  it("resolves names with search_node first, then uses only the confirmed ids (TC-2)", async () => {
    const { turns } = await runConversation({
      question: 'What is the shortest path from "Mr. Hi" to "John A."?',
      state,
      engine: karateEngine(),
    });
    expect(turns[1].calls.map((call) => call.input)).toEqual([
      { query: "Mr. Hi", limit: 5 },
      { query: "John A.", limit: 5 },
    ]);
    expect(turns[2].calls).toMatchObject([
      { toolName: "shortest_path", input: { source: "n0", target: "n33" } },
    ]);
  });

  it("stops with an honest answer when a name matches no node", async () => {
    const { turns, answer } = await runConversation({
      question: "shortest path between Alice and n33",
      state,
      engine: karateEngine(),
    });
    expect(plan(turns)).toEqual([["load_constructed_graph"], ["search_node", "search_node"], []]);
    expect(answer).toContain('No node matches "Alice"');
  });

  it("plans neighbours with the requested depth", async () => {
    const { turns } = await runConversation({
      question: "Who are the neighbours of n5 within 2 hops?",
      state,
      engine: karateEngine(),
    });
    expect(turns[2].calls).toMatchObject([
      { toolName: "get_neighbors", input: { node_id: "n5", depth: 2, limit: 200 } },
    ]);
  });

  it("runs independent analyses in one parallel batch", async () => {
    const { turns } = await runConversation({
      question: "Show the top 3 nodes by degree and the communities",
      state,
      engine: karateEngine(),
    });
    // The ranking reads the schema first (type and value filters); the partition needs none,
    // so it runs beside that read, and the degree ranking follows.
    expect(turns[1].calls.map((call) => [call.toolName, call.input])).toEqual([
      ["get_graph_info", {}],
      ["community_detection", expect.objectContaining({ algorithm: "louvain" })],
    ]);
    expect(turns[2].calls.map((call) => [call.toolName, call.input])).toEqual([
      ["degree_analysis", expect.objectContaining({ top_k: 3, mode: "all" })],
    ]);
  });

  it("asks for clear_graph alone and explains an approval rejection", async () => {
    const denied: EngineOutput = { type: "execution-denied", reason: "reviewer said no" };
    const { turns, answer } = await runConversation({
      question: "Clear the graph",
      state,
      engine: karateEngine({ clear_graph: () => denied }),
    });
    expect(plan(turns)).toEqual([["clear_graph"], []]);
    expect(answer).toContain("clear_graph was not approved (reviewer said no)");
  });

  it("previews, explains, commits the same operations, then verifies (AP-5)", async () => {
    const effect = {
      nodesRemoved: 1,
      edgesRemoved: 4,
      nodesMerged: 0,
      propertiesSet: 0,
      before: { nodes: 34, edges: 78 },
      after: { nodes: 33, edges: 74 },
    };
    const engine = karateEngine({
      preview_graph_optimization: () =>
        ok({ dataset_id: "ds_karate", base_revision: 3, effect, warnings: [] }),
      commit_graph_optimization: () =>
        ok({ dataset_id: "ds_karate", base_revision: 3, revision: 4, effect }),
      get_graph_info: () =>
        ok({ loaded: true, dataset_id: "ds_karate", revision: 4, nodes: 33, edges: 74 }),
    });
    const { turns, answer } = await runConversation({
      question: "Remove node n12 and drop isolated nodes",
      state,
      engine,
    });
    expect(plan(turns)).toEqual([
      ["load_constructed_graph"],
      ["search_node"],
      ["preview_graph_optimization"],
      ["commit_graph_optimization"],
      ["get_graph_info"],
      [],
    ]);
    const operations = [{ op: "remove_nodes", node_ids: ["n12"] }, { op: "drop_isolated" }];
    expect(turns[2].calls[0].input).toEqual({
      dataset_id: "ds_karate",
      base_revision: 3,
      operations,
    });
    expect(turns[3].calls[0].input).toEqual(turns[2].calls[0].input);
    expect(turns[3].text).toContain(
      "Preview on ds_karate revision 3 (nothing saved): 1 node and 4 edges removed",
    );
    expect(turns[3].text).toContain("needs your approval");
    expect(answer).toContain("Saved ds_karate revision 4 from revision 3");
    expect(answer).toContain("revision 4 loaded, with 33 nodes and 74 edges");
  });

  it("says so when the verification does not show the committed revision", async () => {
    const effect = {
      nodesRemoved: 2,
      edgesRemoved: 0,
      before: { nodes: 36, edges: 78 },
      after: { nodes: 34, edges: 78 },
    };
    const engine = karateEngine({
      preview_graph_optimization: () => ok({ dataset_id: "ds_karate", base_revision: 3, effect }),
      commit_graph_optimization: () =>
        ok({ dataset_id: "ds_karate", base_revision: 3, revision: 4, effect }),
    });
    const { answer } = await runConversation({ question: "remove isolated nodes", state, engine });
    expect(answer).toContain("Saved ds_karate revision 4 from revision 3");
    expect(answer).toContain("get_graph_info shows revision 3 loaded, not the saved revision 4");
  });

  it("does not commit a preview that changes nothing", async () => {
    const none = {
      nodesRemoved: 0,
      edgesRemoved: 0,
      nodesMerged: 0,
      propertiesSet: 0,
      before: { nodes: 34, edges: 78 },
      after: { nodes: 34, edges: 78 },
    };
    const engine = karateEngine({
      preview_graph_optimization: () =>
        ok({ dataset_id: "ds_karate", base_revision: 3, effect: none }),
    });
    const { turns, answer } = await runConversation({ question: "删除孤立节点", state, engine });
    expect(plan(turns).flat()).not.toContain("commit_graph_optimization");
    expect(answer).toContain("预览没有任何变化");
  });

  it("explains a revision conflict with re-read, re-preview, re-approve", async () => {
    const effect = {
      nodesRemoved: 2,
      edgesRemoved: 0,
      before: { nodes: 36, edges: 78 },
      after: { nodes: 34, edges: 78 },
    };
    const engine = karateEngine({
      preview_graph_optimization: () => ok({ dataset_id: "ds_karate", base_revision: 3, effect }),
      commit_graph_optimization: () =>
        fail(
          "REVISION_CONFLICT",
          "Revision 3 is no longer the newest ready revision of the dataset (newest: 5).",
        ),
    });
    const { answer } = await runConversation({ question: "remove isolated nodes", state, engine });
    expect(answer).toContain("commit_graph_optimization failed with REVISION_CONFLICT");
    expect(answer).toContain("preview again and ask for a new approval");
  });

  it("visualises the analysed nodes, then reports the raw results grouped by tool (TC-3)", async () => {
    const { turns } = await runConversation({
      question: "Top 3 nodes by betweenness, visualise them and write a report",
      state,
      engine: karateEngine(),
    });
    expect(plan(turns)).toEqual([
      ["load_constructed_graph"],
      ["get_graph_info"],
      ["node_centrality"],
      ["visualize_subgraph"],
      ["create_analysis_report"],
      [],
    ]);
    expect(turns[3].calls[0].input).toMatchObject({
      node_ids: ["n0", "n33", "n32"],
      color_by: "community",
      size_by: "betweenness",
    });
    const sources = turns[4].calls[0].input.source_results as Record<string, unknown[]>;
    expect(Object.keys(sources)).toEqual([
      "load_constructed_graph",
      "get_graph_info",
      "node_centrality",
      "visualize_subgraph",
    ]);
    expect(sources.node_centrality[0]).toMatchObject({
      success: true,
      data: { algorithm: "betweenness" },
    });
  });

  it("skips deliverables whose tools are switched off and says so", async () => {
    const { turns, answer } = await runConversation({
      question: "Find communities and write a report",
      state,
      engine: karateEngine(),
      tools: engineToolSet({ omit: ["visualize_subgraph", "create_analysis_report"] }),
    });
    expect(plan(turns)).toEqual([["load_constructed_graph"], ["community_detection"], []]);
    expect(answer).toContain("The tool create_analysis_report is not offered in this session");
    expect(answer).toContain("Louvain found 4 communities (modularity 0.4198)");
  });

  it("resubmits a call that was blocked by another call's failure, once (DAG-4)", async () => {
    let communityCalls = 0;
    const base = karateEngine();
    const engine = karateEngine({
      community_detection: (call) => {
        communityCalls++;
        if (communityCalls > 1) return base(call);
        return {
          type: "json",
          value: {
            success: false,
            status: "blocked",
            error_code: "TOOL_DEPENDENCY_BLOCKED",
            message: "Not run.",
            data: { blocked_by: ["lr-1-2-0"] },
          },
        };
      },
    });
    const { turns } = await runConversation({ question: "find the communities", state, engine });
    expect(plan(turns)).toEqual([
      ["load_constructed_graph"],
      ["community_detection"],
      ["community_detection"],
      [],
    ]);
  });
});
