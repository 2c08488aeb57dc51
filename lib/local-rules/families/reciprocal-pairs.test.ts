import { afterAll, describe, expect, it } from "vitest";
import { attachedKarateState } from "@/lib/contracts/testing/session-states";
import { closeIdleQueryEngines } from "@/lib/engine/query/query-engine-cache";
import { realGraphEngine } from "../testing/real-graph-engine";
import { runConversation } from "../testing/run-conversation";
import { readAnalyses } from "./index";

afterAll(async () => {
  await closeIdleQueryEngines();
});

// Counted by hand: a01 ↔ a02 and a03 ↔ a04 (twice a04 → a03, one pair); a05's loop and the
// one-way a02 → a03, a05 → a06, a06 → a01 make none.
const edges =
  "source,target\na01,a02\na02,a01\na02,a03\na03,a04\na04,a03\na04,a03\na05,a05\na05,a06\na06,a01\n";
const oneWay = "source,target\na01,a02\na02,a03\na03,a01\n";

async function ask(question: string, input: { edges?: string; directed?: boolean } = {}) {
  const { answer, turns } = await runConversation({
    question,
    state: attachedKarateState(),
    engine: await realGraphEngine({
      kind: "csv",
      texts: { edges: input.edges ?? edges },
      options: { directed: input.directed ?? true },
    }),
  });
  return { lead: answer.split("\n")[0], tools: turns.flatMap((turn) => turn.calls) };
}

describe("reciprocal pairs: two nodes with an edge each way", { timeout: 60_000 }, () => {
  it("lists and counts the pairs of a directed graph with one query", async () => {
    const listed = await ask("Which pairs of accounts send money to each other?");
    expect(listed.lead).toBe("There are 2 reciprocal pairs: a01 ↔ a02, a03 ↔ a04.");
    const queries = listed.tools.filter((call) => call.toolName === "query_graph");
    expect(queries).toHaveLength(1);
    expect(String(queries[0].input.sql)).toContain("forward.source < forward.target");
    expect((await ask("How many reciprocal pairs are there?")).lead).toBe(
      "There are 2 reciprocal pairs: a01 ↔ a02, a03 ↔ a04.",
    );
    expect((await ask("Are there any accounts that send money to each other?")).lead).toBe(
      "Yes — there are 2 reciprocal pairs: a01 ↔ a02, a03 ↔ a04.",
    );
  });

  it("answers in Chinese, and says so when there is none", async () => {
    expect((await ask("哪些节点互相有边？")).lead).toBe(
      "共有 2 对互相连接的节点：a01 ↔ a02、a03 ↔ a04。",
    );
    expect((await ask("How many reciprocal pairs are there?", { edges: oneWay })).lead).toBe(
      "There are no reciprocal pairs: no two nodes link to each other in both directions (0 reciprocal pairs).",
    );
    expect((await ask("有没有互相转账的账户？", { edges: oneWay })).lead).toBe(
      "否——没有两个节点互相有边（0 对）。",
    );
  });

  it("answers from the verified graph alone when it is undirected", async () => {
    const undirected = await ask("How many reciprocal pairs are there?", { directed: false });
    expect(undirected.lead).toBe(
      "Every linked pair is reciprocal: the graph is undirected, so each of its 9 edges runs both ways.",
    );
    expect(undirected.tools.map((call) => call.toolName)).not.toContain("query_graph");
  });

  it("reads pairs asked about as a whole, and leaves named nodes and shared neighbours alone", () => {
    expect(readAnalyses("Which pairs of accounts send money to each other?")).toEqual([
      { kind: "reciprocal-pairs", ask: "list" },
    ]);
    expect(readAnalyses("How many reciprocal pairs are there?")).toEqual([
      { kind: "reciprocal-pairs", ask: "count" },
    ]);
    expect(readAnalyses("Does anyone email each other?")).toEqual([
      { kind: "reciprocal-pairs", ask: "exists" },
    ]);
    expect(readAnalyses("Do Ann and Bob email each other?")).toEqual([
      { kind: "edge-exists", source: "Ann", target: "Bob" },
    ]);
    for (const question of [
      "How many mutual friends do r05 and r07 have?",
      "How many mutual friends do people have on average?",
      "Which two people who have never emailed each other are most likely to start?",
      "Which two accounts sent each other the most money?",
      "do ann and bob email each other?",
    ]) {
      expect(readAnalyses(question).map((analysis) => analysis.kind)).not.toContain(
        "reciprocal-pairs",
      );
    }
  });
});
