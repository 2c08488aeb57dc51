import { afterAll, describe, expect, it } from "vitest";
import { attachedKarateState } from "@/lib/contracts/testing/session-states";
import { closeIdleQueryEngines } from "@/lib/engine/query/query-engine-cache";
import { readAnalyses } from "../families";
import { analysisGraphEngine } from "../testing/analysis-graph-engine";
import { company, metro } from "../testing/paraphrase-graphs";
import { runConversation } from "../testing/run-conversation";

afterAll(async () => {
  await closeIdleQueryEngines();
});

// Built once: a SQL dump is constructed in a sandbox, seconds each time.
const engines = {
  company: analysisGraphEngine({ kind: "sql", text: company }),
  metro: analysisGraphEngine({ kind: "csv", texts: metro, options: { directed: false } }),
};

async function lead(question: string, sql = false) {
  const engine = await (sql ? engines.company : engines.metro);
  const { answer } = await runConversation({ question, state: attachedKarateState(), engine });
  return answer.split("\n")[0];
}

describe("cuts said in other words", { timeout: 60_000 }, () => {
  it.each([
    ["去掉哪些站点会让网络断开？", "articulation", "list"],
    ["Which stations, if closed, would cut the network apart?", "articulation", "list"],
    ["Which stations would disconnect the network if they were removed?", "articulation", "list"],
    ["Is there any station whose closure would split the network?", "articulation", "exists"],
    ["哪些站点一旦关闭，网络就会被分成两部分？", "articulation", "list"],
    ["How many links would split the network in two if they were closed?", "bridges", "count"],
    ["哪些线路一旦中断就会让网络分裂？", "bridges", "list"],
    ["有多少条线路断开后会导致网络不连通？", "bridges", "count"],
    ["Which single link failures would disconnect the metro?", "bridges", "list"],
    ["Which roads, if removed, would disconnect the graph?", "bridges", "list"],
    ["Which roads are bridges?", "bridges", "list"],
    ["图中有几座桥？", "bridges", "count"],
    ["断开哪些线路会使网络不再连通？", "bridges", "list"],
    ["关闭哪个车站会让部分车站无法到达？", "articulation", "list"],
    [
      "Which stations are critical: if one closes, part of the network is cut off?",
      "articulation",
      "list",
    ],
    // As before.
    ["Which airports are single points of failure?", "articulation", "list"],
    ["Are there any bridges in the route network?", "bridges", "exists"],
    ["割点有哪些？", "articulation", "list"],
  ])("%s → %s (%s)", (question, what, ask) => {
    expect(readAnalyses(question)).toEqual([{ kind: "cut-points", what, ask }]);
  });

  it("leaves what-ifs on named nodes, components and bridging nodes to their families", () => {
    for (const question of [
      "Which stations become unreachable if Marble Arch closes?",
      "If we ignore direction, how many separate groups of accounts are there?",
      "Which nodes act as bridges between communities?",
      "Which researchers are cut off from the main collaboration network?",
      "How many connected components are there?",
    ]) {
      expect(readAnalyses(question).map((analysis) => analysis.kind)).not.toContain("cut-points");
    }
  });

  it("reads a part cut off from the rest as the nodes outside the main component", () => {
    for (const question of [
      "哪个部门和图的其余部分完全不相连？",
      "Which department is completely disconnected from the rest of the graph?",
      "Which department is not connected to anything else?",
    ]) {
      expect(readAnalyses(question)).toEqual([{ kind: "outside-main" }]);
    }
  });

  it("answers them from connectivity_analysis on a small metro", async () => {
    expect(await lead("去掉哪些站点会让网络断开？")).toBe(
      "Kingsbridge (s1)、Chapel End (s4)、Marble Arch (s6)——图中有 3 个割点（删除后会使图分裂的节点）：Kingsbridge (s1)、Chapel End (s4)、Marble Arch (s6)。",
    );
    expect(await lead("Which stations, if closed, would cut the network apart?")).toMatch(
      /^Kingsbridge \(s1\), Chapel End \(s4\), Marble Arch \(s6\) — the graph has 3 articulation points/,
    );
    expect(await lead("How many links would split the network in two if they were closed?")).toBe(
      "2 — the graph has 2 bridges (edges whose removal disconnects the graph): s1 – s6, s6 – s7.",
    );
    expect(await lead("哪些线路一旦中断就会让网络分裂？")).toMatch(
      /^s1 – s6、s6 – s7——图中有 2 条桥边/,
    );
    expect(
      await lead("Which department is completely disconnected from the rest of the graph?", true),
    ).toMatch(/departments:2/);
  });
});
