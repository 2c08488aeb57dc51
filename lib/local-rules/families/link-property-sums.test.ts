import { afterAll, describe, expect, it } from "vitest";
import { attachedKarateState } from "@/lib/contracts/testing/session-states";
import { closeIdleQueryEngines } from "@/lib/engine/query/query-engine-cache";
import { analysisGraphEngine } from "../testing/analysis-graph-engine";
import { type ObservedCall, runConversation } from "../testing/run-conversation";
import { walkGraphEngine } from "../testing/walk-graph-engine";

afterAll(async () => {
  await closeIdleQueryEngines();
});

// Directed freight lines, unweighted, carrying wagons, containers and days (no lexicon word
// names "wagons": the schema does). Summed by hand: out of Avonmouth 10 + 5 = 15 wagons; into
// Cardiff 5 + 7 = 12 (the most received; Avonmouth sends the most); both ends North: A→B, 10
// wagons; North → South: A→C, B→C, B→D = 15 wagons, 30 containers; South → North: D→A;
// 4 of the 6 lines start in the North; by days A→D is 3 (via Cardiff), the second 6.
const freight = {
  edges:
    "source,target,wagons,containers,days\nA,B,10,20,2\nA,C,5,10,1\nB,C,7,14,3\nC,D,4,8,2\nD,A,6,12,5\nB,D,3,6,4\n",
  nodes: "id,name,region\nA,Avonmouth,North\nB,Bristol,North\nC,Cardiff,South\nD,Dover,South\n",
};

// Undirected trails whose weight is the length in km, with a climb in metres, between
// waypoints of several kinds. Climb 820 in all, 770 on segments touching a hut; 9 km meet at
// Ridge Pass (the most); 7 km with both ends in North; one segment joins two valleys.
const trails = {
  edges:
    "source,target,weight,climb\nP1,P2,2.0,100\nP2,P3,3.5,250\nP1,P3,1.5,50\nP3,P4,4.0,300\nP4,P5,2.5,120\n",
  nodes:
    "id,name,kind,valley\nP1,Oakford,village,North\nP2,High Hut,hut,North\nP3,Ridge Pass,pass,North\nP4,Low Hut,hut,South\nP5,Fern Lake,lake,South\n",
};

async function ask(question: string, graph: { edges: string; nodes: string }, directed: boolean) {
  const input = { kind: "csv" as const, texts: graph, options: { directed } };
  const analysis = await analysisGraphEngine(input);
  const walk = await walkGraphEngine(input);
  const { answer, turns } = await runConversation({
    question,
    state: attachedKarateState(),
    engine: (call) => (call.toolName === "shortest_path" ? walk(call) : analysis(call)),
  });
  const calls: ObservedCall[] = turns.flatMap((turn) => turn.calls);
  return { lead: answer.split("\n")[0], calls };
}

describe("a link property named by its own name", { timeout: 60_000 }, () => {
  it("sums it around one node, the way the verb points", async () => {
    expect(
      (await ask("Add up the wagons on every line leaving Avonmouth.", freight, true)).lead,
    ).toMatch(/\b15 wagons\b/);
    expect(
      (await ask("所有驶入 Cardiff 的线路的集装箱量加起来是多少？", freight, true)).lead,
    ).toMatch(/总计 24(?!\d)/);
  });

  it("ranks the nodes by it, sent or received", async () => {
    expect(
      (await ask("Which depot sends out the largest volume of wagons?", freight, true)).lead,
    ).toMatch(/^Avonmouth \(A\) sends the most wagons \(15 in total\)/);
    expect((await ask("Which depot takes in the most wagons?", freight, true)).lead).toMatch(
      /^Cardiff \(C\) receives the most wagons \(12 in total\)/,
    );
  });

  it("totals a property that is not the weight, on links between many kinds of node", async () => {
    expect((await ask("所有步道加起来的总爬升是多少米？", trails, false)).lead).toMatch(/820/);
    expect(
      (await ask("What is the total climb on the trails touching at least one hut?", trails, false))
        .lead,
    ).toMatch(/carry 770 climb/);
  });

  it("reads a length as the weight column around a node and in a ranking", async () => {
    expect(
      (await ask("What is the combined length of the trails meeting at Ridge Pass?", trails, false))
        .lead,
    ).toMatch(/\b9(?:\.0+)?\b/);
    expect((await ask("哪个路点相连步道的总长度最大？", trails, false)).lead).toMatch(
      /^Ridge Pass/,
    );
  });
});

describe("links within, between and from one group to another", { timeout: 60_000 }, () => {
  it("sums the links with both ends in one group", async () => {
    expect(
      (
        await ask(
          "How many wagons travel on lines where both ends are in the North?",
          freight,
          true,
        )
      ).lead,
    ).toMatch(/carry 10 wagons/);
    expect((await ask("两端都在 North 谷的步道总长是多少公里？", trails, false)).lead).toMatch(
      /总计 7(?:\.0+)?(?!\d)/,
    );
  });

  it("ranks the groups by the links inside them", async () => {
    expect(
      (await ask("Which valley has the most km of trail inside it?", trails, false)).lead,
    ).toMatch(/^North has the most weight inside it \(7(?:\.0+)? over 3 links/);
    expect((await ask("哪个山谷内部的步道最多？", trails, false)).lead).toMatch(/^North 内部/);
  });

  it("counts the links joining two different groups", async () => {
    expect((await ask("连接两个不同山谷的步道有几段？", trails, false)).lead).toMatch(/有 1 条/);
  });

  it("follows the links from one group to another, in the order named", async () => {
    expect(
      (
        await ask(
          "How many containers go from North depots to South depots in total?",
          freight,
          true,
        )
      ).lead,
    ).toMatch(/carry 30 containers/);
    expect((await ask("从 South 地区发往 North 地区的线路有多少条？", freight, true)).lead).toMatch(
      /共有 1 条/,
    );
  });

  it("gives the share of the links that start in a group", async () => {
    expect(
      (await ask("What share of the lines start at a North depot?", freight, true)).lead,
    ).toMatch(/^66\.7 % of the links start at nodes with region = North/);
  });
});

describe("a path measured in a link property", { timeout: 60_000 }, () => {
  it("weighs the path by the property named, on a graph without weights", async () => {
    const english = await ask(
      "Measured in days, what is the quickest route from Avonmouth to Dover?",
      freight,
      true,
    );
    expect(english.calls.find((call) => call.toolName === "shortest_path")?.input).toMatchObject({
      weight_property: "days",
    });
    expect(english.lead).toMatch(/weighted distance 3\b/);
    const chinese = await ask("按天数计算，从 Avonmouth 到 Dover 最快要几天？", freight, true);
    expect(chinese.lead).toMatch(/加权距离 3(?!\d)/);
  });

  it("weighs by the property the path is measured in, not the cargo it carries", async () => {
    const { calls } = await ask(
      "What is the quickest way to get containers from Avonmouth to Dover, in days?",
      freight,
      true,
    );
    expect(calls.find((call) => call.toolName === "shortest_path")?.input).toMatchObject({
      weight_property: "days",
    });
  });

  it("stays in hops when the question counts stops", async () => {
    const { calls } = await ask("从 Avonmouth 到 Dover 最少要经过几站？", freight, true);
    expect(
      calls.find((call) => call.toolName === "shortest_path")?.input.weight_property,
    ).toBeUndefined();
  });
});
