import { afterAll, describe, expect, it } from "vitest";
import { attachedKarateState } from "@/lib/contracts/testing/session-states";
import { closeIdleQueryEngines } from "@/lib/engine/query/query-engine-cache";
import { readAnalyses } from "../families";
import { analysisGraphEngine } from "../testing/analysis-graph-engine";
import { metro, transfers } from "../testing/paraphrase-graphs";
import { runConversation } from "../testing/run-conversation";

afterAll(async () => {
  await closeIdleQueryEngines();
});

const engines = {
  metro: analysisGraphEngine({ kind: "csv", texts: metro, options: { directed: false } }),
  transfers: analysisGraphEngine({ kind: "csv", texts: transfers, options: { directed: true } }),
};

async function ask(question: string, graph: "metro" | "transfers" = "metro") {
  const engine = await engines[graph];
  const { answer, turns } = await runConversation({
    question,
    state: attachedKarateState(),
    engine,
  });
  const lines = answer.split("\n");
  return { lead: lines[0], answer, calls: turns.flatMap((turn) => turn.calls) };
}

describe("the similarity of a named pair", { timeout: 60_000 }, () => {
  it("reads two named nodes and no ranking as that pair's score", () => {
    for (const [question, metric, node, other] of [
      ["a12 和 a21 的 Jaccard 相似度是多少？", "jaccard", "a12", "a21"],
      [
        "What is the Jaccard similarity of Kingsbridge and Cathedral Square?",
        "jaccard",
        "Kingsbridge",
        "Cathedral Square",
      ],
      ["How similar are n0 and n33?", "jaccard", "n0", "n33"],
      ["What is the cosine similarity between n0 and n33?", "cosine", "n0", "n33"],
      ["计算 a12 和 a21 的杰卡德相似度", "jaccard", "a12", "a21"],
    ]) {
      expect(readAnalyses(question)).toEqual([
        { kind: "similarity", metric, node, likelyLinks: false, topK: 1000, other },
      ]);
    }
    // One node, a ranking, or shared neighbours counted keep their readings.
    expect(readAnalyses("Which node is most similar to n32 by Jaccard?")).toEqual([
      { kind: "similarity", metric: "jaccard", node: "n32", likelyLinks: false, topK: 10 },
    ]);
    expect(readAnalyses("How many neighbours do Quayside and Chapel End have in common?")).toEqual([
      { kind: "common-neighbours", source: "Quayside", target: "Chapel End", ask: "count" },
    ]);
  });

  it("states the pair's score from node_similarity, with the counts it is made of", async () => {
    const pair = await ask("What is the Jaccard similarity of Kingsbridge and Cathedral Square?");
    expect(pair.lead).toBe(
      "The Jaccard similarity of Kingsbridge (s1) and Cathedral Square (s2) is 0.2500 = 1 / 4: Kingsbridge (s1) has 3 neighbours, Cathedral Square (s2) has 2, 1 shared, 4 in their union.",
    );
    expect(pair.calls.map((call) => call.toolName)).toEqual(
      expect.arrayContaining(["node_similarity", "get_neighbors", "get_neighbors"]),
    );
    expect(pair.calls.find((call) => call.toolName === "node_similarity")?.input).toMatchObject({
      metric: "jaccard",
      node_id: "s1",
    });
    expect((await ask("Kingsbridge 和 Cathedral Square 的 Jaccard 相似度是多少？")).lead).toMatch(
      /^Kingsbridge \(s1\) 和 Cathedral Square \(s2\) 的 Jaccard 相似度为 0\.2500 = 1 \/ 4：/,
    );
    // Directions are merged: a3 {a1, a4} and a5 {a1, a2} share a1.
    expect((await ask("a3 和 a5 的 Jaccard 相似度是多少？", "transfers")).lead).toBe(
      "Cy Gil (a3) 和 Ed Costa (a5) 的 Jaccard 相似度为 0.3333 = 1 / 3：Cy Gil (a3) 有 2 个邻居，Ed Costa (a5) 有 2 个，共同邻居 1 个，并集 3 个。",
    );
  });

  it("works out a pair with nothing in common from the two lists, in the open", async () => {
    const apart = await ask("What is the Jaccard similarity of Tidewater and Cathedral Square?");
    expect(apart.lead).toBe(
      "The Jaccard similarity of Tidewater (s7) and Cathedral Square (s2) is 0 = 0 / 3: Tidewater (s7) has 1 neighbour, Cathedral Square (s2) has 2, 0 shared, 3 in their union.",
    );
    expect(apart.answer).toContain("so the score is worked out from the two neighbour lists");
  });
});
