import { afterAll, describe, expect, it } from "vitest";
import { attachedKarateState } from "@/lib/contracts/testing/session-states";
import { closeIdleQueryEngines } from "@/lib/engine/query/query-engine-cache";
import { analysisGraphEngine } from "../testing/analysis-graph-engine";
import { runConversation } from "../testing/run-conversation";

afterAll(async () => {
  await closeIdleQueryEngines();
});

// An alpine map, counted by hand. Kinds: peak a1 a2 a5 a7 (4 of 8), hut a3 a6 a8, lake a4.
// Altitude: a1 2400, a2 1900, a3 1500, a4 1200, a5 2100, a6 1300, a7 800, a8 700 (peaks above
// 2000: a1, a5). Links: a1–a2, a1–a3, a2–a3, a3–a4, a4–a5, a4–a6, a5–a6, and the island a7–a8
// apart: 2 components, bridges a3–a4 and a7–a8.
const alpine = {
  nodes: [
    "id,name,kind,altitude,valley",
    "a1,Grey Summit,peak,2400,North",
    "a2,Red Summit,peak,1900,North",
    "a3,Blue Hut,hut,1500,North",
    "a4,Lake Ost,lake,1200,South",
    "a5,Low Summit,peak,2100,South",
    "a6,Pine Hut,hut,1300,South",
    "a7,Far Isle,peak,800,Isle",
    "a8,Isle Hut,hut,700,Isle",
  ].join("\n"),
  edges: "source,target\na1,a2\na1,a3\na2,a3\na3,a4\na4,a5\na4,a6\na5,a6\na7,a8\n",
};

// Directed lanes between five ports. Berths: Europe p1 10, p2 20 (average 15); Asia p3 30,
// p4 15; South America p5 12.
const harbours = {
  nodes: [
    "id,name,region,berths",
    "p1,Aarhus,Europe,10",
    "p2,Bremen,Europe,20",
    "p3,Chennai,Asia,30",
    "p4,Dalian,Asia,15",
    "p5,Santos,South America,12",
  ].join("\n"),
  edges: "source,target\np1,p2\np1,p3\np2,p3\np3,p4\np4,p1\np5,p1\np5,p3\np2,p4\n",
};

async function ask(question: string, graph: { nodes: string; edges: string } = alpine) {
  const directed = graph === harbours;
  const { answer, turns } = await runConversation({
    question,
    state: attachedKarateState(),
    engine: await analysisGraphEngine({ kind: "csv", texts: graph, options: { directed } }),
  });
  const calls = turns.flatMap((turn) => turn.calls);
  return { lead: answer.split("\n")[0], calls, names: calls.map((call) => call.toolName) };
}

describe("the dataset's own nouns and a lexicon of schema words", { timeout: 120_000 }, () => {
  it("reads a general noun for nodes or links as the node or edge count", async () => {
    expect((await ask("How big is the map, counted in waypoints?")).lead).toMatch(/\b8 nodes/);
    expect((await ask("这张地图上一共有多少个地点？")).lead).toMatch(/8 个节点/);
    expect((await ask("How many trail segments does the map have?")).lead).toMatch(/\b8 edges/);
    expect((await ask("步道一共有几条？")).lead).toMatch(/8 条边/);
    expect((await ask("How many lanes are there in total?", harbours)).lead).toMatch(/8 edges/);
  });

  it("reads a Chinese type word and a property synonym against the schema", async () => {
    expect((await ask("图上一共有几座山峰？")).lead).toMatch(/4 个 peak/);
    expect((await ask("海拔超过 2000 米的山峰有几座？")).lead).toMatch(/2/);
    expect((await ask("How many peaks have an elevation above 2000?")).lead).toMatch(/^2 /);
    expect((await ask("海拔最低的山峰是哪座？")).lead).toMatch(/Far Isle/);
  });

  it("reads a value by its Chinese name or adjective in an average", async () => {
    for (const question of [
      "欧洲港口的平均泊位数是多少？",
      "What is the average number of berths at European ports?",
    ]) {
      expect((await ask(question, harbours)).lead).toMatch(/\b15\b/);
    }
  });

  it("answers a type's share of all nodes from the verified counts", async () => {
    expect((await ask("山峰占全部地点的百分之多少？")).lead).toMatch(/50\.0 %/);
    const huts = await ask("What proportion of the waypoints are huts?");
    expect(huts.lead).toMatch(/^37\.5 % of the nodes are hut/);
    expect(huts.names).toContain("query_graph");
    // A type named as the whole ("of the huts", "全部小屋") is not the part asked about.
    for (const question of ["What share of the huts are peaks?", "山峰占全部小屋的比例？"]) {
      expect((await ask(question)).lead).not.toMatch(/of the nodes are|占全部节点/);
    }
  });

  it("reads separate networks as components and the main network as the largest", async () => {
    for (const question of [
      "How many separate trail networks are there?",
      "这张图由几个互不相连的路网组成？",
    ]) {
      const { calls } = await ask(question);
      expect(calls.find((call) => call.toolName === "graph_metrics")?.input.metrics).toContain(
        "component_count",
      );
    }
    for (const question of ["哪些地点和主网络不连通？", "哪些小屋跟主网不相连？"]) {
      expect((await ask(question)).lead).toMatch(/a7.*a8|Far Isle/);
    }
  });

  it("counts links that are bridges, not nodes that cut", async () => {
    for (const question of ["有多少段步道是桥（去掉就会让网络断开）？", "哪几条路是桥？"]) {
      expect((await ask(question)).lead).toMatch(/2.*桥/);
    }
  });

  it("reads 'the same community' in Chinese as a community question, not a projection", async () => {
    const { calls } = await ask(
      "用 Louvain 划分的话，Grey Summit 和 Pine Hut 会落在同一个社区里吗？",
    );
    const detection = calls.find((call) => call.toolName === "community_detection");
    expect(detection?.input).toMatchObject({ algorithm: "louvain", node_ids: ["a1", "a6"] });
  });

  it("reads a place's superlative as its altitude, and the set a count named", async () => {
    expect((await ask("Which is the highest peak?")).lead).toMatch(/^Grey Summit \(a1\)/);
    expect((await ask("最低的山峰是哪座？")).lead).toMatch(/Far Isle/);
  });

  it("leaves out the nodes 'leaving … aside' names, and reads 'outbound lanes' as out-degree", async () => {
    for (const question of [
      "Leaving Aarhus and Santos aside, which port has the most outbound lanes?",
      "Setting aside Aarhus and Santos, which port has the most outgoing lanes?",
      "不算 Aarhus 和 Santos，哪个港口的出港航线最多？",
    ]) {
      const { lead, calls } = await ask(question, harbours);
      expect(lead).toMatch(/Bremen \(p2\)/);
      expect(calls.find((call) => call.toolName === "degree_analysis")?.input.mode).toBe("out");
    }
  });

  it("reads routes a node measure counts as paths, not edges to rank", async () => {
    for (const question of [
      "Which port sits on the most shortest routes between other ports? I mean betweenness.",
      "Which port lies on the largest number of shortest lanes (betweenness)?",
    ]) {
      const { calls } = await ask(question, harbours);
      expect(calls.find((call) => call.toolName === "node_centrality")?.input.algorithm).toBe(
        "betweenness",
      );
    }
  });

  it("counts the nodes whose links one way outnumber the other way", async () => {
    for (const question of [
      "出港航线比进港航线多的港口有几个？",
      "How many ports have more outbound lanes than inbound ones?",
      "How many ports send out more lanes than they receive?",
    ]) {
      expect((await ask(question, harbours)).lead).toMatch(/^(?:共有 )?2 /);
    }
    const { lead } = await ask("Which ports receive more lanes than they send?", harbours);
    expect(lead).toBe("2 nodes have more incoming than outgoing edges: Chennai (p3), Dalian (p4).");
  });

  it("reads a value's adjective before a named node as a filter on its neighbours", async () => {
    // Aarhus ships to Bremen (Europe) and Chennai (Asia); Chennai receives from Aarhus, Bremen
    // (Europe) and Santos.
    const asian = await ask("Which Asian ports does Aarhus ship to directly?", harbours);
    expect(asian.lead).toBe("Aarhus (p1) links to 1 node with region = Asia: Chennai (p3).");
    expect(asian.calls.map((call) => call.input.query)).not.toContain("Asian");
    const european = await ask("Which European ports send lanes to Chennai?", harbours);
    expect(european.lead).toMatch(/2 nodes with region = Europe: Aarhus \(p1\), Bremen \(p2\)/);
  });

  it("ranks a CSV graph's nodes by a figure named after their everyday noun", async () => {
    for (const question of ["Which port has the most berths?", "哪个港口的泊位最多？"]) {
      expect((await ask(question, harbours)).lead).toMatch(
        /^(?:泊位最高的港口是 )?Chennai ?[（(]p3/,
      );
    }
    expect((await ask("Which port has the fewest berths?", harbours)).lead).toMatch(
      /^Aarhus \(p1\)/,
    );
  });

  it("answers a second ask about the node an aggregate's lead names", async () => {
    const { lead, names } = await ask(
      "Which is the highest peak, and how many segments lead up to it?",
    );
    expect(lead).toMatch(/^Grey Summit \(a1\) .*; Grey Summit \(a1\) has 2 connections/);
    expect(names).toContain("degree_analysis");
  });
});
