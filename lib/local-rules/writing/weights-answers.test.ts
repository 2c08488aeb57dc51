import type { JSONValue } from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import { attachedKarateState } from "@/lib/contracts/testing/session-states";
import { karateDescription, karateEngine, karatePageRank } from "../testing/karate-engine";
import { fail, type ObservedCall, ok, runConversation } from "../testing/run-conversation";

const state = attachedKarateState();
const weightedDescription = { ...karateDescription, weighted: true, weight_column: "weight" };
const describeWeighted = () => ok(weightedDescription as JSONValue);

function callsOf(turns: { calls: ObservedCall[] }[], toolName: string) {
  return turns.flatMap((turn) => turn.calls).filter((call) => call.toolName === toolName);
}

function weightedPageRank(call: ObservedCall) {
  return ok({
    algorithm: "pagerank",
    weighted: call.input.weighted === true,
    weight_column: call.input.weighted === true ? "weight" : null,
    node_count: 34,
    top: karatePageRank.slice(0, 3).map(([id, score], index) => ({
      rank: index + 1,
      id,
      type: "member",
      score,
    })),
    truncated: true,
    iterations: 30,
    converged: true,
  });
}

describe("answers say whether edge weights were used and what they mean", () => {
  it("asks for weighted PageRank when the question does, and says where the weights came from", async () => {
    const { turns, answer } = await runConversation({
      question: "top 3 nodes by weighted PageRank",
      state,
      engine: karateEngine({
        get_graph_info: describeWeighted,
        load_constructed_graph: describeWeighted,
        node_centrality: weightedPageRank,
      }),
    });
    expect(callsOf(turns, "node_centrality")[0].input).toMatchObject({
      algorithm: "pagerank",
      weighted: true,
    });
    expect(answer).toContain("Weighted PageRank (edge weights from column `weight`");
  });

  it("ranks a Chinese 'total amount' question by the sum of weights (总量)", async () => {
    const { turns } = await runConversation({
      question: "哪个节点收到的总量最多？",
      state,
      engine: karateEngine({
        get_graph_info: describeWeighted,
        load_constructed_graph: describeWeighted,
      }),
    });
    expect(callsOf(turns, "degree_analysis")[0]?.input).toMatchObject({ rank_by: "strength" });
  });

  it("says a plain PageRank is unweighted, and that the graph's weights were not used", async () => {
    const unweighted = await runConversation({
      question: "top 3 nodes by PageRank",
      state,
      engine: karateEngine(),
    });
    expect(unweighted.answer).toContain(
      "Unweighted PageRank (every edge counts 1; the graph has no edge weights)",
    );
    const ignored = await runConversation({
      question: "top 3 nodes by PageRank",
      state,
      engine: karateEngine({
        get_graph_info: describeWeighted,
        load_constructed_graph: describeWeighted,
        node_centrality: weightedPageRank,
      }),
    });
    expect(ignored.answer).toContain(
      "Unweighted PageRank (every edge counts 1); the graph has edge weights from column `weight`",
    );
  });

  it("a weighted shortest path says its length is the sum of the weights", async () => {
    const { turns, answer } = await runConversation({
      question: "weighted shortest path between n0 and n33",
      state,
      engine: karateEngine({
        get_graph_info: describeWeighted,
        load_constructed_graph: describeWeighted,
        shortest_path: (call) =>
          ok({
            source: "n0",
            target: "n33",
            weighted: call.input.weighted === true,
            weight_column: "weight",
            found: true,
            length: 2,
            distance: 3.5,
            path: ["n0", "n8", "n33"].map((id) => ({ id, type: "member" })),
          }),
      }),
    });
    expect(callsOf(turns, "shortest_path")[0].input).toMatchObject({ weighted: true });
    expect(answer).toContain("(weighted distance 3.500)");
    expect(answer).toContain("path length = sum of weights");
  });

  it("explains GRAPH_NOT_WEIGHTED with what to do next", async () => {
    const { answer } = await runConversation({
      question: "top 3 nodes by weighted PageRank",
      state,
      engine: karateEngine({
        node_centrality: () =>
          fail(
            "GRAPH_NOT_WEIGHTED",
            "Weighted PageRank was asked for, but this graph has no edge weights.",
          ),
      }),
    });
    expect(answer).toContain("GRAPH_NOT_WEIGHTED");
    expect(answer).toContain("this graph has no edge weights; ask again without “weighted”");
  });
});
