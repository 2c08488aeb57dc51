import { tool } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { attachedKarateState } from "@/lib/contracts/testing/session-states";
import { engineToolSet } from "../testing/engine-tool-set";
import { karateEngine } from "../testing/karate-engine";
import { fail, runConversation } from "../testing/run-conversation";

const state = attachedKarateState();

describe("Step C: answers are written from the actual results", () => {
  it("cites every PageRank score of the result, rounded to 4 significant digits", async () => {
    const { answer } = await runConversation({
      question: "What are the top 5 nodes by PageRank?",
      state,
      engine: karateEngine(),
    });
    // Expected figures written out by hand from NetworkX's values (0.10091918…, 0.09699728…).
    expect(answer).toContain("| 1 | John A. (n33) | member | 0.1009 |");
    expect(answer).toContain("| 2 | Mr. Hi (n0) | member | 0.09700 |");
    expect(answer).toContain("| 3 | n32 | member | 0.07169 |");
    expect(answer).toContain("| 4 | n2 | member | 0.05708 |");
    expect(answer).toContain("| 5 | n1 | member | 0.05288 |");
    expect(answer).not.toContain("n31");
    expect(answer).toContain("of 34 nodes");
  });

  it("names bridging nodes with their betweenness and the communities their neighbours are in", async () => {
    const { answer } = await runConversation({
      question: "Which key nodes connect several communities?",
      state,
      engine: karateEngine(),
    });
    expect(answer).toContain("4 communities (modularity 0.4198)");
    // n0's neighbours fall in all four communities of the partition; n5's in two (#3 and #0).
    expect(answer).toContain(
      "| 1 | Mr. Hi (n0) | member | 0.4376 | #0 | 4 (#0, #1, #2, #3) | 16 |",
    );
    expect(answer).toContain("| 10 | n5 | member | 0.02999 | #3 | 2 (#0, #3) | 4 |");
    expect(answer).toContain("Mr. Hi (n0) (betweenness 0.4376, reaches 4 communities)");
    expect(answer).toMatch(/Inference: .*not a verified business fact/);
  });

  it("reports the path with its hops", async () => {
    const { answer } = await runConversation({
      question: "shortest path between n0 and n33",
      state,
      engine: karateEngine(),
    });
    expect(answer).toContain("has 2 hops: Mr. Hi (n0) → n8 → John A. (n33).");
  });

  it("answers a Chinese question in Chinese with the same figures", async () => {
    const { answer } = await runConversation({
      question: "介数中心性前3的节点是哪些？",
      state,
      engine: karateEngine(),
    });
    expect(answer).toContain("按介数中心性，34 个节点中排名最高的是 Mr. Hi (n0)（0.4376）");
    expect(answer).toContain("| 排名 | 节点 | 类型 | 介数中心性 |");
  });

  it("writes no Markdown when the output format is json", async () => {
    const { answer } = await runConversation({
      question: "top 3 nodes by pagerank",
      state: attachedKarateState({ output_format: "json" }),
      engine: karateEngine(),
    });
    expect(answer).not.toMatch(/\*\*|\| --- |^#/m);
    expect(answer).toContain("- Rank: 1; Node: John A. (n33); Type: member; PageRank: 0.1009");
  });

  it("leads a report-format answer with its conclusion", async () => {
    const { answer } = await runConversation({
      question: "find the communities",
      state: attachedKarateState({ output_format: "report" }),
      engine: karateEngine(),
    });
    expect(
      answer.startsWith("## Communities\n\n### Conclusion\n\nLouvain found 4 communities"),
    ).toBe(true);
  });

  it("explains a failed analysis call instead of presenting empty results (MCP-4)", async () => {
    const engine = karateEngine({
      node_centrality: () =>
        fail(
          "GRAPH_NOT_LOADED",
          "No graph is loaded in this session. Load a constructed dataset with load_constructed_graph first.",
        ),
    });
    const { answer } = await runConversation({
      question: "top 5 nodes by PageRank",
      state,
      engine,
    });
    expect(answer).toContain("node_centrality failed with GRAPH_NOT_LOADED");
    expect(answer).toContain("Next step: load a graph first");
    expect(answer).not.toContain("| Rank |");
  });

  it("keeps finished evidence beside a failed branch of the same batch (DAG-4)", async () => {
    const engine = karateEngine({ node_centrality: () => fail("JOB_FAILED", "Out of memory.") });
    const { answer } = await runConversation({
      question: "key nodes that connect several communities",
      state,
      engine,
    });
    expect(answer).toContain("node_centrality failed with JOB_FAILED: Out of memory.");
    expect(answer).toContain("Louvain found 4 communities (modularity 0.4198)");
  });

  it("answers an unknown question honestly, naming what it can do, without tool calls", async () => {
    const { turns, answer } = await runConversation({
      question: "Book me a flight to Tokyo",
      state,
      engine: karateEngine(),
    });
    expect(turns).toHaveLength(1);
    expect(answer).toContain("I can't plan that offline");
    expect(answer).toContain("Edges, reachability and paths");
  });

  it("says graph ML is unavailable when no train tool is offered, and invents no metric", async () => {
    const { turns, answer } = await runConversation({
      question: "Train a node classifier and tell me its accuracy",
      state,
      engine: karateEngine(),
    });
    expect(turns).toHaveLength(1);
    expect(answer).toContain("not available in this version");
    expect(answer).not.toMatch(/\d+(\.\d+)?\s*%/);
  });

  it("asks for the label before training when none is named (TC-2; lib/local-rules/ml/ml-plans.test.ts has the rest)", async () => {
    const tools = { ...engineToolSet(), train: tool({ inputSchema: z.object({}).passthrough() }) };
    const { turns, answer } = await runConversation({
      question: "训练一个 GCN 模型",
      state,
      engine: karateEngine(),
      tools,
    });
    expect(turns.flatMap((turn) => turn.calls.map((call) => call.toolName))).not.toContain("train");
    expect(answer).toContain("分类器要预测哪个节点属性");
  });

  it("never emits a call to a tool that was not offered", async () => {
    const { turns, answer } = await runConversation({
      question: "top 5 nodes by pagerank",
      state,
      engine: karateEngine(),
      tools: engineToolSet({ omit: ["node_centrality"] }),
    });
    // The schema is read first (types and values are matched against it), then the plan stops.
    expect(turns.flatMap((turn) => turn.calls.map((call) => call.toolName))).toEqual([
      "load_constructed_graph",
      "get_graph_info",
    ]);
    expect(answer).toContain("the tool node_centrality is not offered in this session");
  });
});
